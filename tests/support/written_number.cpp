// SPDX-License-Identifier: MIT
#include "written_number.hpp"

#include <charconv>

namespace isla::test {

double asWritten(float value) {
  char text[32];
  const auto written = std::to_chars(text, text + sizeof text, value);
  double out = 0;
  std::from_chars(text, written.ptr, out);
  return out;
}

}  // namespace isla::test
