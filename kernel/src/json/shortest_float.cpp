// SPDX-License-Identifier: MIT
// A float32 f = M·2^q is exact in 64-bit fixed point with 40 fractional bits
// over [2^-15, 2^23), and so is its rounding interval: every decimal inside
// it reads back as f. For each exponent one table entry gives s, the fewest
// decimals whose spacing 10^-s fits inside the interval, so s decimals
// always hold a candidate and s - 1 decimals at most one: two integer tests
// find the shortest, closest decimal, ties to even, as std::to_chars does.
// tests/kernel/shortest_float_test.cpp compares every covered float with
// std::to_chars.
#include "shortest_float.hpp"

#include <array>
#include <bit>
#include <cstdint>
#include <cstring>

namespace isla {

namespace {

// GCC and Clang have it on every 64-bit target; the products here need 68 bits.
__extension__ typedef unsigned __int128 u128;

constexpr int kFractionBits = 40;
constexpr std::uint64_t kOne = std::uint64_t{1} << kFractionBits;
constexpr std::uint64_t kHalf = kOne / 2;
// Biased float32 exponents of the covered range: 2^-15 up to 2^23.
constexpr unsigned kLowestExponent = 112, kHighestExponent = 149;

constexpr std::array<std::uint64_t, 20> kPowersOf10 = [] {
  std::array<std::uint64_t, 20> powers{};
  std::uint64_t p = 1;
  for (auto& power : powers) {
    power = p;
    p *= 10;
  }
  return powers;
}();

// s for each biased exponent e: the interval is 2^(e-150) wide, and s the
// least with 10^-s <= 2^(e-150), i.e. 10^s >= 2^(150-e).
constexpr std::array<int, kHighestExponent + 1> kDecimals = [] {
  std::array<int, kHighestExponent + 1> decimals{};
  for (unsigned e = kLowestExponent; e <= kHighestExponent; ++e) {
    const u128 width = u128{1} << (150 - e);
    int s = 0;
    while (u128{kPowersOf10[static_cast<std::size_t>(s)]} < width) ++s;
    decimals[e] = s;
  }
  return decimals;
}();

constexpr char kDigitPairs[] =
    "00010203040506070809101112131415161718192021222324252627282930313233343536373839"
    "40414243444546474849505152535455565758596061626364656667686970717273747576777879"
    "8081828384858687888990919293949596979899";

// The float's value and its rounding interval, in units of 2^-40.
struct Interval {
  std::uint64_t value, above, below;  // the interval is value - below .. value + above
  bool inclusive;                     // an even mantissa reads its boundaries back
  bool powerOfTwo;                    // the interval is narrower below
};

// The decimal with `s` decimals nearest to the value (ties to even), as an
// integer count of 10^-s, when it lies inside the interval; at a power of
// two, whose interval is narrower below, the one above may be inside instead.
bool nearestInside(const Interval& v, int s, std::uint64_t& digits) {
  const std::uint64_t scale = kPowersOf10[static_cast<std::size_t>(s)];
  const u128 scaled = u128{v.value} * scale;
  const auto whole = static_cast<std::uint64_t>(scaled >> kFractionBits);
  const std::uint64_t fraction = static_cast<std::uint64_t>(scaled) & (kOne - 1);
  // Both bounds times 10^s stay below 2^44: scale is under 10·2^(150-e).
  const std::uint64_t above = v.above * scale, below = v.below * scale;
  auto within = [&](std::uint64_t distance, std::uint64_t bound) {
    return distance < bound || (v.inclusive && distance == bound);
  };
  if (fraction > kHalf || (fraction == kHalf && (whole & 1) != 0)) {
    digits = whole + 1;
    return within(kOne - fraction, above);
  }
  if (within(fraction, below)) {
    digits = whole;
    return true;
  }
  digits = whole + 1;
  return v.powerOfTwo && fraction != 0 && within(kOne - fraction, above);
}

}  // namespace

bool fastShortestCovers(float value) {
  const unsigned exponent = (std::bit_cast<std::uint32_t>(value) >> 23) & 0xFF;
  return exponent >= kLowestExponent && exponent <= kHighestExponent;
}

char* writeShortestFixed(char* out, float value) {
  const std::uint32_t bits = std::bit_cast<std::uint32_t>(value);
  const unsigned exponent = (bits >> 23) & 0xFF;
  const std::uint32_t mantissa = bits & 0x7FFFFF;
  const std::uint64_t halfStep = std::uint64_t{1} << (exponent - 111);
  const Interval v{std::uint64_t{mantissa | 0x800000U} << (exponent - 110), halfStep,
                   mantissa == 0 ? halfStep / 2 : halfStep, (mantissa & 1) == 0, mantissa == 0};
  int decimals = kDecimals[exponent];
  std::uint64_t digits = 0;
  if (nearestInside(v, decimals - 1, digits)) {
    --decimals;
    while (decimals > 0 && digits % 10 == 0) {  // a shorter one still: 12.5 from 12.500000
      digits /= 10;
      --decimals;
    }
  } else {
    nearestInside(v, decimals, digits);
  }

  if ((bits >> 31) != 0) *out++ = '-';
  // The digits right-aligned in `text`, then copied in 16-byte moves: the
  // moves may carry bytes past the number, which the caller's room absorbs.
  char text[48];
  char* const textEnd = text + 24;
  char* first = textEnd;
  while (digits >= 100) {
    first -= 2;
    std::memcpy(first, kDigitPairs + 2 * (digits % 100), 2);
    digits /= 100;
  }
  if (digits >= 10) {
    first -= 2;
    std::memcpy(first, kDigitPairs + 2 * digits, 2);
  } else {
    *--first = static_cast<char>('0' + digits);
  }
  const auto count = static_cast<int>(textEnd - first);
  if (decimals == 0) {
    std::memcpy(out, first, 16);
    return out + count;
  }
  if (count > decimals) {
    std::memcpy(out, first, 16);
    out += count - decimals;
    *out++ = '.';
    std::memcpy(out, textEnd - decimals, 16);
    return out + decimals;
  }
  std::memcpy(out, "0.00000000000000", 16);
  out += 2 + (decimals - count);
  std::memcpy(out, first, 16);
  return out + count;
}

}  // namespace isla
