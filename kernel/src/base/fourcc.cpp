// SPDX-License-Identifier: MIT
#include "isla/base/fourcc.hpp"

#include <cstdio>
#include <ostream>

namespace isla {

std::optional<FourCC> FourCC::parse(std::string_view text) {
  if (text.size() != 4) return std::nullopt;
  std::uint32_t value = 0;
  for (std::size_t i = 0; i < 4; ++i) {
    value |= static_cast<std::uint32_t>(static_cast<unsigned char>(text[i])) << (8 * i);
  }
  return FourCC(value);
}

bool FourCC::printable() const {
  for (int i = 0; i < 4; ++i) {
    const auto c = (value_ >> (8 * i)) & 0xFFu;
    if (c < 0x20 || c > 0x7E) return false;
  }
  return true;
}

std::string FourCC::text() const {
  if (!printable()) {
    char hex[11];
    std::snprintf(hex, sizeof hex, "0x%08X", value_);
    return hex;
  }
  std::string out(4, ' ');
  for (std::size_t i = 0; i < 4; ++i) out[i] = static_cast<char>((value_ >> (8 * i)) & 0xFFu);
  return out;
}

std::ostream& operator<<(std::ostream& out, FourCC tag) { return out << tag.text(); }

}  // namespace isla
