// SPDX-License-Identifier: MIT
// Numbers as text for people (summaries, messages).
#pragma once

#include <string>

namespace isla {

// `value` with exactly `decimals` digits after the point: fixedText(2.5, 2) is "2.50".
std::string fixedText(double value, int decimals);
// `value` with `digits` significant digits, as printf's %g: significantText(0.000123456, 3) is "0.000123".
std::string significantText(double value, int digits);
// `value` in the fewest digits that read back as it: 9, 0.25, 1e+30.
std::string shortestText(double value);
// All three are independent of the process's locale.

}  // namespace isla
