// SPDX-License-Identifier: MIT
// The shortest fixed-notation decimal of a float32 that reads back as it,
// the same text as std::to_chars(value, std::chars_format::fixed) but about
// twice as fast: printing heights is most of a terrain export's time.
#pragma once

namespace isla {

// The magnitudes the fast path covers, [2^-15, 2^23): every terrain height
// in metres but the smallest near zero.
bool fastShortestCovers(float value);

// Writes `value` (covered, see above) at `out`, returns the end. Writes up
// to 32 bytes past the end it returns: `out` needs room for 64.
char* writeShortestFixed(char* out, float value);

}  // namespace isla
