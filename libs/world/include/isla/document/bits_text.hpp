// SPDX-License-Identifier: MIT
// Floating-point values as the hex digits of their bits, exact both ways:
// how shard records, the patch cache's notes and records, and the 3D Tiles
// shards' summaries carry doubles and floats, whatever a reader's rounding.
#pragma once

#include <bit>
#include <charconv>
#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>

namespace isla {

template <class Float>
using BitsOf = std::conditional_t<sizeof(Float) == 4, std::uint32_t, std::uint64_t>;

template <class Float>
void appendBits(std::string& out, Float value) {
  constexpr std::size_t kDigits = 2 * sizeof(Float);
  const auto bits = std::bit_cast<BitsOf<Float>>(value);
  static constexpr char kHex[] = "0123456789abcdef";
  for (std::size_t d = kDigits; d-- > 0;) out.push_back(kHex[(bits >> (4 * d)) & 0xf]);
}

// "3ff8000000000000" for 1.5.
template <class Float>
std::string bitsText(Float value) {
  std::string text;
  appendBits(text, value);
  return text;
}

// Reads the value at the front of `text` and drops its digits; false when
// they are not there.
template <class Float>
bool takeBits(std::string_view& text, Float& value) {
  constexpr std::size_t kDigits = 2 * sizeof(Float);
  if (text.size() < kDigits) return false;
  BitsOf<Float> bits = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + kDigits, bits, 16);
  if (error != std::errc() || end != text.data() + kDigits) return false;
  value = std::bit_cast<Float>(bits);
  text.remove_prefix(kDigits);
  return true;
}

}  // namespace isla
