// SPDX-License-Identifier: MIT
#include "isla/base/printable_text.hpp"

#include <cstdint>
#include <cstdio>

#include "isla/base/utf8.hpp"

namespace isla {

namespace {

std::string hexByte(std::uint8_t byte) {
  char text[8];
  std::snprintf(text, sizeof text, "\\x%02x", byte);
  return text;
}

}  // namespace

std::string printableText(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size();) {
    const auto byte = static_cast<std::uint8_t>(text[i]);
    if (byte == '\n') {
      out += "\\n";
    } else if (byte == '\r') {
      out += "\\r";
    } else if (byte == '\t') {
      out += "\\t";
    } else if (byte < 0x20 || byte == 0x7F) {
      out += hexByte(byte);
    } else if (byte < 0x80) {
      out += text[i];
    } else if (const std::size_t length = utf8Sequence(text, i); length == 0) {
      out += hexByte(byte);
    } else if (byte == 0xC2 && static_cast<std::uint8_t>(text[i + 1]) < 0xA0) {
      char c1[8];  // U+0080..U+009F, the C1 controls
      std::snprintf(c1, sizeof c1, "\\u%04x", static_cast<unsigned>(static_cast<std::uint8_t>(text[i + 1])));
      out += c1;
      i += 2;
      continue;
    } else {
      out.append(text.substr(i, length));
      i += length;
      continue;
    }
    ++i;
  }
  return out;
}

}  // namespace isla
