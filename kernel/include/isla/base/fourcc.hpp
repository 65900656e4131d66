// SPDX-License-Identifier: MIT
// A section tag: four ASCII bytes stored as a little-endian u32.
#pragma once

#include <compare>
#include <cstdint>
#include <functional>
#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>

namespace isla {

class FourCC {
 public:
  constexpr FourCC() = default;
  constexpr explicit FourCC(std::uint32_t value) : value_(value) {}
  // FourCC("HGTS"): the bytes as they appear on disk, first byte lowest.
  consteval FourCC(const char (&text)[5])
      : value_(static_cast<std::uint32_t>(static_cast<unsigned char>(text[0])) |
               static_cast<std::uint32_t>(static_cast<unsigned char>(text[1])) << 8 |
               static_cast<std::uint32_t>(static_cast<unsigned char>(text[2])) << 16 |
               static_cast<std::uint32_t>(static_cast<unsigned char>(text[3])) << 24) {}

  // Four characters, exactly; nullopt otherwise.
  static std::optional<FourCC> parse(std::string_view text);

  constexpr std::uint32_t value() const { return value_; }
  // The four characters when all are printable ASCII, else 0xXXXXXXXX.
  std::string text() const;
  bool printable() const;

  constexpr auto operator<=>(const FourCC&) const = default;

 private:
  std::uint32_t value_ = 0;
};

std::ostream& operator<<(std::ostream& out, FourCC tag);

}  // namespace isla

template <>
struct std::hash<isla::FourCC> {
  std::size_t operator()(isla::FourCC tag) const noexcept { return tag.value(); }
};
