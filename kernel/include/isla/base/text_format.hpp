// SPDX-License-Identifier: MIT
// Numbers as text for people (summaries, messages).
#pragma once

#include <string>

namespace isla {

// `value` with exactly `decimals` digits after the point: fixedText(2.5, 2) is "2.50".
std::string fixedText(double value, int decimals);

}  // namespace isla
