// SPDX-License-Identifier: MIT
// A covered float32 is f = m·2^-k, m its 24-bit significand and k from 1 to
// 38, so f·10^n is the integer m·10^n over 2^k: below 2^64 for every n up to
// 12, the most decimals the range needs. Every decimal inside f's rounding
// interval, f ± 2^-k/2, reads back as f. For each exponent one table entry
// gives s, the fewest decimals whose spacing 10^-s fits inside the interval,
// so s decimals always hold a candidate and s - 1 decimals at most one. The
// nearest of each (ties to even, as std::to_chars) is computed and the
// shorter one taken, as s decimals ending in 0, when it is inside: with a
// mask, not a branch, for which one wins is a coin toss for heights. The
// digits (at most 9, the ninth a 1) become 8 characters at once, by
// multiply-shift on one 64-bit integer; the table entry also tells how many
// digits the exponent's values have, so the integer part and the decimals
// are cut out of those 8 by shifts, and the decimals' trailing zeros (12.5
// from 12.500000) are found with one bit count. Powers of two, whose
// interval is narrower below, are one float in 2^23: std::to_chars prints
// them. tests/kernel/shortest_float_test.cpp compares every covered float
// with std::to_chars.
#include "shortest_float.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cstring>

namespace isla {

namespace {

static_assert(std::endian::native == std::endian::little, "the digits are assembled in little-endian words");

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
  std::uint64_t moreDigitsFrom;  // 10^fewestDigits
  unsigned char k;
  unsigned char decimals;        // s
  unsigned char fewestDigits;    // of the exponent's values at s decimals
};

constexpr std::array<Exponent, kHighestExponent - kLowestExponent + 1> kExponents = [] {
  std::array<Exponent, kHighestExponent - kLowestExponent + 1> exponents{};
  for (unsigned e = kLowestExponent; e <= kHighestExponent; ++e) {
    const unsigned k = 150 - e;
    std::size_t s = 0;
    while (kPowersOf10[s] < (std::uint64_t{1} << k)) ++s;
    // The values span a factor of 2, [2^23, 2^24)·10^s / 2^k, less one for
    // rounding: their digit counts differ by one at most.
    const std::uint64_t least = (std::uint64_t{1} << 23) * kPowersOf10[s] / (std::uint64_t{1} << k) - 1;
    std::size_t fewest = 1;
    while (kPowersOf10[fewest] <= least) ++fewest;
    exponents[e - kLowestExponent] = {kPowersOf10[s - 1], kPowersOf10[fewest], static_cast<unsigned char>(k),
                                      static_cast<unsigned char>(s), static_cast<unsigned char>(fewest)};
  }
  return exponents;
}();

// The 8 decimal digits of x < 10^8 as bytes 0 to 9, the first in the lowest
// byte: 4 + 4 digits in two 32-bit halves, 2 + 2 in each, then 1 + 1. Each
// step puts q = v / 10^j (a multiply-shift) low and v - q·10^j high in its
// lane, as v·2^w - q·(10^j·2^w - 1).
std::uint64_t eightDigits(std::uint32_t x) {
  const std::uint64_t fours = (std::uint64_t{x} << 32) - (x / 10000) * ((10000ULL << 32) - 1);
  const std::uint64_t twos = (fours << 16) - (((fours * 10486) >> 20) & 0x0000007F0000007F) * ((100 << 16) - 1);
  return (twos << 8) - (((twos * 103) >> 10) & 0x000F000F000F000F) * ((10 << 8) - 1);
}

// How many of the digit bytes are up to the last nonzero one.
int bytesInUse(std::uint64_t digits) { return static_cast<int>((std::bit_width((digits << 1) | 1) + 6) / 8); }

// The nearest count of 10^-n to scaled / 2^k (ties to even), from
// scaled = m·10^n; `twiceFraction` is what it leaves, times 2.
std::uint64_t nearest(std::uint64_t scaled, unsigned k, std::uint64_t& twiceFraction) {
  const std::uint64_t whole = scaled >> k;
  twiceFraction = 2 * (scaled & ((std::uint64_t{1} << k) - 1));
  return whole + (twiceFraction + (whole & 1) > (std::uint64_t{1} << k));
}

}  // namespace

char* writeShortestFixed(char* out, float value) {
  const std::uint32_t bits = std::bit_cast<std::uint32_t>(value);
  const std::uint32_t mantissa = bits & 0x7FFFFF;
  if (mantissa == 0) [[unlikely]] return std::to_chars(out, out + 64, value, std::chars_format::fixed).ptr;
  const Exponent& exponent = kExponents[((bits >> 23) & 0xFF) - kLowestExponent];
  const unsigned k = exponent.k;

  const std::uint64_t shorterScaled = std::uint64_t{mantissa | 0x800000U} * exponent.shorterScale;
  std::uint64_t shorterTwiceFraction = 0, longerTwiceFraction = 0;
  const std::uint64_t shorter = nearest(shorterScaled, k, shorterTwiceFraction);
  const std::uint64_t longer = nearest(shorterScaled * 10, k, longerTwiceFraction);
  // Inside when twice its distance is below the interval's width 10^(s-1)
  // in these units, or on it for an even m (the bounds read back as f):
  // twiceFraction < limit or > 2^(k+1) - limit, as one unsigned comparison.
  const std::uint64_t limit = exponent.shorterScale + ((mantissa & 1) == 0);
  const bool shorterInside = shorterTwiceFraction - limit > 2 * ((std::uint64_t{1} << k) - limit);
  const std::uint64_t pickShorter = 0 - std::uint64_t{shorterInside};
  const std::uint64_t digits = longer ^ ((longer ^ (shorter * 10)) & pickShorter);

  // The digits and where the point goes; a ninth digit is a 1 ahead of the
  // other eight. The stores carry bytes past the number, which the caller's
  // room absorbs.
  const int count = exponent.fewestDigits + (digits >= exponent.moreDigitsFrom);
  const bool nine = digits >= kNineDigits;
  const std::uint64_t lastEight = eightDigits(static_cast<std::uint32_t>(nine ? digits - kNineDigits : digits));
  const std::uint64_t leading = lastEight >> (8 * (8 - std::min(count, 8)));  // the first digit lowest
  const std::uint64_t leadingText = kZeroChars + leading;
  const int decimals = exponent.decimals;
  *out = '-';
  out += bits >> 31;
  if (count <= decimals) [[unlikely]] {  // below 1: 0.0001234
    std::memcpy(out, "0.00000000000000", 16);
    out += 2 + decimals - count;
    *out = '1';
    out += nine;
    std::memcpy(out, &leadingText, 8);
    return out + bytesInUse(leading);
  }
  *out = '1';
  out += nine;
  std::memcpy(out, &leadingText, 8);
  out += std::min(count, 8) - decimals;
  const std::uint64_t decimalDigits = lastEight >> (8 * (8 - decimals));
  const std::uint64_t decimalText = kZeroChars + decimalDigits;
  *out = '.';
  std::memcpy(out + 1, &decimalText, 8);
  const int shown = bytesInUse(decimalDigits);
  return out + shown + (shown != 0);  // no decimals, no point
}

}  // namespace isla
