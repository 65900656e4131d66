// SPDX-License-Identifier: MIT
#include "isla/base/text_format.hpp"

#include <charconv>

namespace isla {

// std::to_chars, not printf: the text must not follow the process's locale
// (an application embedding the kernel may set a decimal comma).
std::string fixedText(double value, int decimals) {
  char buffer[400];  // DBL_MAX in fixed notation, with the decimals
  const auto end = std::to_chars(buffer, buffer + sizeof buffer, value, std::chars_format::fixed, decimals).ptr;
  return {buffer, end};
}

std::string significantText(double value, int digits) {
  char buffer[64];
  const auto end = std::to_chars(buffer, buffer + sizeof buffer, value, std::chars_format::general, digits).ptr;
  return {buffer, end};
}

std::string shortestText(double value) {
  char buffer[32];
  const auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
  return std::string(buffer, result.ptr);
}

}  // namespace isla
