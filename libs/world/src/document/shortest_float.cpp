// SPDX-License-Identifier: MIT
// A covered float32 is f = m·2^-k, m its 24-bit significand and k from 1 to
// 38, so f·10^n is the integer m·10^n over 2^k: below 2^64 for every n up to
// 12, the most decimals the range needs. Every decimal inside f's rounding
// interval, f ± 2^-k/2, reads back as f. For each exponent one table entry
// gives s, the fewest decimals whose spacing 10^-s fits inside the interval,
// so s decimals always hold a candidate and s - 1 decimals at most one. The
// nearest of each (ties to even, as std::to_chars) is computed and the
// shorter one taken, as s decimals ending in 0, when it is inside: with a
// mask, not a branch, for which one wins is a coin toss for heights.
// The digits (at most 9, and a ninth is a 1) become characters four at a
// time from a table; the entry also tells how many digits the exponent's
// values have, so the integer part and the decimals are cut out of the
// last 8 by shifts, and the decimals' trailing zeros (12.5 from 12.500000)
// are counted with one bit scan. Powers of two, whose interval is narrower
// below, are one float in 2^23: std::to_chars prints them.
// tests/kernel/shortest_float_test.cpp compares every covered float with
// std::to_chars.
#include "shortest_float.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cstring>

namespace isla {

namespace {

static_assert(std::endian::native == std::endian::little, "the characters are assembled in little-endian words");

constexpr unsigned kLowestExponent = 112, kHighestExponent = 149;
constexpr std::uint64_t kZeroChars = 0x3030303030303030;  // "00000000"
constexpr std::uint64_t kNineDigits = 100000000;

constexpr std::array<std::uint64_t, 20> kPowersOf10 = [] {
  std::array<std::uint64_t, 20> powers{};
  std::uint64_t p = 1;
  for (auto& power : powers) {
    power = p;
    p *= 10;
  }
  return powers;
}();

struct Exponent {
  std::uint64_t shorterScale;    // 10^(s - 1)
  std::uint64_t one;             // 2^k
  std::uint64_t moreDigitsFrom;  // 10^fewestDigits
  unsigned char k;
  unsigned char decimals;        // s
  unsigned char fewestDigits;    // of the exponent's values at s decimals
};

constexpr std::array<Exponent, kHighestExponent - kLowestExponent + 1> kExponents = [] {
  std::array<Exponent, kHighestExponent - kLowestExponent + 1> exponents{};
  for (unsigned e = kLowestExponent; e <= kHighestExponent; ++e) {
    const unsigned k = 150 - e;
    const std::uint64_t one = std::uint64_t{1} << k;
    std::size_t s = 0;
    while (kPowersOf10[s] < one) ++s;
    // The values span a factor of 2, [2^23, 2^24)·10^s / 2^k, less one for
    // rounding: their digit counts differ by one at most.
    const std::uint64_t least = (std::uint64_t{1} << 23) * kPowersOf10[s] / one - 1;
    std::size_t fewest = 1;
    while (kPowersOf10[fewest] <= least) ++fewest;
    exponents[e - kLowestExponent] = {kPowersOf10[s - 1], one, kPowersOf10[fewest], static_cast<unsigned char>(k),
                                      static_cast<unsigned char>(s), static_cast<unsigned char>(fewest)};
  }
  return exponents;
}();

// The characters of 0000 .. 9999, the first in the lowest byte: 40 KB, and
// fewer instructions than splitting the digits by multiply-shift.
constexpr std::array<std::uint32_t, 10000> kFourDigits = [] {
  std::array<std::uint32_t, 10000> chars{};
  for (std::uint32_t i = 0; i < 10000; ++i) {
    chars[i] = 0x30303030U + (i / 1000 | (i / 100 % 10) << 8 | (i / 10 % 10) << 16 | (i % 10) << 24);
  }
  return chars;
}();

// The 8 characters of x < 10^8, zero-padded.
std::uint64_t eightDigits(std::uint32_t x) {
  const std::uint32_t high = x / 10000;
  return kFourDigits[high] | std::uint64_t{kFourDigits[x - high * 10000]} << 32;
}

// How many of the last `count` (at most 8) characters of `text` remain
// without their trailing zeros.
int withoutTrailingZeros(std::uint64_t text, int count) {
  // Byte-swapped, the last character is the lowest byte.
  const auto zeros = static_cast<unsigned>(std::countr_zero(__builtin_bswap64(text ^ kZeroChars))) / 8;
  return count - std::min(static_cast<int>(zeros), count);
}

// The nearest count of 10^-n to scaled / 2^k (ties to even), from
// scaled = m·10^n; `twiceFraction` is what it leaves, times 2.
std::uint64_t nearest(std::uint64_t scaled, const Exponent& exponent, std::uint64_t& twiceFraction) {
  const std::uint64_t whole = scaled >> exponent.k;
  twiceFraction = 2 * (scaled & (exponent.one - 1));
  return whole + (twiceFraction + (whole & 1) > exponent.one);
}

}  // namespace

char* writeShortestFixed(char* out, float value) {
  const std::uint32_t bits = std::bit_cast<std::uint32_t>(value);
  const std::uint32_t mantissa = bits & 0x7FFFFF;
  if (mantissa == 0) [[unlikely]] return std::to_chars(out, out + 64, value, std::chars_format::fixed).ptr;
  const Exponent& exponent = kExponents[((bits >> 23) & 0xFF) - kLowestExponent];

  const std::uint64_t shorterScaled = std::uint64_t{mantissa | 0x800000U} * exponent.shorterScale;
  std::uint64_t shorterTwiceFraction = 0, longerTwiceFraction = 0;
  const std::uint64_t shorter = nearest(shorterScaled, exponent, shorterTwiceFraction);
  const std::uint64_t longer = nearest(shorterScaled * 10, exponent, longerTwiceFraction);
  // Inside when twice its distance is below the interval's width 10^(s-1)
  // in these units, or on it for an even m (the bounds read back as f):
  // twiceFraction < limit or > 2^(k+1) - limit, as one unsigned comparison.
  const std::uint64_t limit = exponent.shorterScale + ((mantissa & 1) == 0);
  const bool shorterInside = shorterTwiceFraction - limit > 2 * (exponent.one - limit);
  const std::uint64_t pickShorter = 0 - std::uint64_t{shorterInside};
  const std::uint64_t digits = longer ^ ((longer ^ (shorter * 10)) & pickShorter);

  // A ninth digit is a 1 ahead of the last eight. The stores carry bytes
  // past the number, which the caller's room absorbs.
  const int count = exponent.fewestDigits + (digits >= exponent.moreDigitsFrom);
  const bool nine = digits >= kNineDigits;
  const int countInLastEight = count - nine;
  const std::uint64_t lastEight = eightDigits(static_cast<std::uint32_t>(nine ? digits - kNineDigits : digits));
  const std::uint64_t significant = lastEight >> (8 * (8 - countInLastEight));  // the first digit lowest
  const int decimals = exponent.decimals;
  *out = '-';
  out += bits >> 31;
  if (count <= decimals) [[unlikely]] {  // below 1: 0.0001234
    std::memcpy(out, "0.00000000000000", 16);
    out += 2 + decimals - count;
    *out = '1';
    out += nine;
    std::memcpy(out, &significant, 8);
    return out + withoutTrailingZeros(lastEight, countInLastEight);
  }
  *out = '1';
  out += nine;
  std::memcpy(out, &significant, 8);
  out += countInLastEight - decimals;
  const std::uint64_t decimalChars = lastEight >> (8 * (8 - decimals));
  *out = '.';
  std::memcpy(out + 1, &decimalChars, 8);
  const int shown = withoutTrailingZeros(lastEight, decimals);
  return shown != 0 ? out + 1 + shown : out;  // no decimals, no point
}

}  // namespace isla
