// SPDX-License-Identifier: MIT
#include "plain_number.hpp"

#include <cstdint>

namespace isla::terrain_world {

namespace {

constexpr int kMaxDigits = 19;         // any 19 digits fit in 64 bits
constexpr int kMaxExponentDigits = 3;  // more cannot give |k| <= 22 for a plain number
constexpr int kMaxPower = 22;          // 10^22 is the largest power of ten a double holds exactly
constexpr std::uint64_t kMaxMantissa = std::uint64_t{1} << 53;

constexpr double kPowers[kMaxPower + 1] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,  1e8,  1e9,  1e10, 1e11,
                                          1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};

bool isDigit(char c) { return static_cast<unsigned>(c - '0') < 10U; }

}  // namespace

const char* readPlainNumber(const char* begin, const char* end, double& value) {
  const char* p = begin;
  const bool negative = p != end && *p == '-';
  p += negative;
  if (p == end || !isDigit(*p)) return nullptr;
  std::uint64_t mantissa = 0;
  int digits = 0;
  auto accumulate = [&] {
    for (; p != end && isDigit(*p); ++p, ++digits) mantissa = mantissa * 10 + static_cast<unsigned>(*p - '0');
  };
  if (*p == '0') {
    ++p;
    if (p != end && isDigit(*p)) return nullptr;  // JSON has no leading zeros
  } else {
    accumulate();
  }
  int exponent = 0;
  if (p != end && *p == '.') {
    ++p;
    const int before = digits;
    accumulate();
    if (digits == before) return nullptr;
    exponent = before - digits;
  }
  if (digits > kMaxDigits) return nullptr;
  if (p != end && (*p == 'e' || *p == 'E')) {
    ++p;
    const bool negativeExponent = p != end && *p == '-';
    p += p != end && (*p == '-' || *p == '+');
    int written = 0, count = 0;
    for (; p != end && isDigit(*p); ++p, ++count) {
      if (count < kMaxExponentDigits) written = written * 10 + (*p - '0');
    }
    if (count == 0 || count > kMaxExponentDigits) return nullptr;
    exponent += negativeExponent ? -written : written;
  }
  if (mantissa > kMaxMantissa || exponent < -kMaxPower || exponent > kMaxPower || (negative && mantissa == 0)) {
    return nullptr;
  }
  const double m = static_cast<double>(mantissa);
  const double magnitude = exponent < 0 ? m / kPowers[-exponent] : m * kPowers[exponent];
  value = negative ? -magnitude : magnitude;
  return p;
}

}  // namespace isla::terrain_world
