// SPDX-License-Identifier: MIT
// The numbers a compiled package writes (-122.823074, 3, 0.5, 2.5e-3) read
// by Clinger's fast path: the digits accumulate as an integer m <= 2^53 and
// the value is m / 10^k or m * 10^k with k <= 22, one exactly rounded
// operation on exact operands. That is the correctly rounded double,
// std::from_chars's value, and Boost.JSON's parser computes the same.
#pragma once

namespace isla::terrain_world {

// Reads the JSON number at `begin` (nothing before `end`) when it is plain:
// at most 19 digits, m <= 2^53, k <= 22, not a negative zero (Boost.JSON
// reads "-0" as +0). Returns the end of the number, or nullptr when the text
// there is not a plain JSON number (ask std::from_chars or a JSON parser).
const char* readPlainNumber(const char* begin, const char* end, double& value);

}  // namespace isla::terrain_world
