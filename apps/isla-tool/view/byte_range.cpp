// SPDX-License-Identifier: MIT
#include "view/byte_range.hpp"

#include <algorithm>
#include <charconv>
#include <optional>

namespace isla::view {

namespace {

std::optional<std::uint64_t> number(std::string_view text) {
  std::uint64_t value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || error != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return value;
}

}  // namespace

ByteRange parseByteRange(std::string_view header, std::uint64_t size) {
  constexpr std::string_view kUnit = "bytes=";
  if (!header.starts_with(kUnit)) return {};
  const std::string_view spec = header.substr(kUnit.size());
  const std::size_t dash = spec.find('-');
  if (dash == std::string_view::npos || spec.find(',') != std::string_view::npos) return {};
  const std::string_view from = spec.substr(0, dash);
  const std::string_view to = spec.substr(dash + 1);
  if (from.empty()) {  // "-N": the last N bytes
    const auto suffix = number(to);
    if (!suffix) return {};
    if (*suffix == 0 || size == 0) return {ByteRange::Kind::Unsatisfiable};
    const std::uint64_t count = std::min(*suffix, size);
    return {ByteRange::Kind::Part, size - count, count};
  }
  const auto first = number(from);
  const auto last = to.empty() ? std::optional<std::uint64_t>(size == 0 ? 0 : size - 1) : number(to);
  if (!first || !last) return {};
  if (*first >= size) return {ByteRange::Kind::Unsatisfiable};
  if (*last < *first) return {};
  return {ByteRange::Kind::Part, *first, std::min(*last, size - 1) - *first + 1};
}

}  // namespace isla::view
