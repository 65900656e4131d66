// SPDX-License-Identifier: MIT
// Numbers as text for people (summaries, messages).
#pragma once

#include <string>

namespace isla {

// `value` with exactly `decimals` digits after the point: fixedText(2.5, 2) is "2.50".
std::string fixedText(double value, int decimals);
// `value` with `digits` significant digits, as printf's %g: significantText(0.000123456, 3) is "0.000123".
// Both are independent of the process's locale.
std::string significantText(double value, int digits);

}  // namespace isla
