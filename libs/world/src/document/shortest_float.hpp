// SPDX-License-Identifier: MIT
// The shortest fixed-notation decimal of a float32 that reads back as it,
// the same text as std::to_chars(value, std::chars_format::fixed) but about
// three times as fast: printing heights is most of a terrain export's time.
#pragma once

#include <bit>
#include <cstdint>

namespace isla {

// The magnitudes the fast path covers, [2^-15, 2^23) (biased exponents 112
// to 149): every terrain height in metres but the smallest near zero.
inline bool fastShortestCovers(float value) {
  const unsigned exponent = (std::bit_cast<std::uint32_t>(value) >> 23) & 0xFF;
  return exponent - 112U < 38U;
}

// Writes `value` (covered, see above) at `out`, returns the end. Writes up
// to 32 bytes past the end it returns: `out` needs room for 64.
char* writeShortestFixed(char* out, float value);

}  // namespace isla
