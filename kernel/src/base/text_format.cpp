// SPDX-License-Identifier: MIT
#include "isla/base/text_format.hpp"

#include <cstdio>

namespace isla {

std::string fixedText(double value, int decimals) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.*f", decimals, value);
  return buffer;
}

}  // namespace isla
