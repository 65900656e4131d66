// SPDX-License-Identifier: MIT
#include "vertex_coding.hpp"

#include <meshoptimizer.h>

#include <algorithm>
#include <cmath>

namespace isla_3dtiles {

namespace {

constexpr double kMantissaLimit = (1 << 23) - 1;  // a signed 24-bit mantissa's largest magnitude

}  // namespace

std::uint32_t exponentialWord(std::int32_t mantissa, int exponent) {
  return (static_cast<std::uint32_t>(exponent) << 24) | (static_cast<std::uint32_t>(mantissa) & 0xffffffU);
}

float exponentialValue(std::int32_t mantissa, int exponent) {
  return std::ldexp(static_cast<float>(mantissa), exponent);
}

int planarExponent(double spacingM, std::int32_t maxIndex) {
  const int top = std::ilogb(spacingM);
  int exponent = top;
  const auto whole = [&](int e) {
    const double steps = std::ldexp(spacingM, -e);
    return steps == std::floor(steps);
  };
  while (exponent > top - 16 && !whole(exponent)) --exponent;
  while (std::ldexp(spacingM * maxIndex, -exponent) > kMantissaLimit) ++exponent;
  return exponent;
}

int heightExponent(double lowestM, double highestM) {
  const double largest = std::max(std::abs(lowestM), std::abs(highestM));
  int exponent = kHeightExponent;
  while (std::ldexp(largest, -exponent) + 0.5 > kMantissaLimit) ++exponent;
  return exponent;
}

std::int32_t heightMantissa(float heightM, int exponent) {
  return static_cast<std::int32_t>(std::lround(std::ldexp(static_cast<double>(heightM), -exponent)));
}

void appendOctahedral(std::span<const std::array<float, 3>> normals, std::vector<std::array<std::int8_t, 4>>& out) {
  std::vector<float> vectors;
  vectors.reserve(normals.size() * 4);
  for (const auto& n : normals) vectors.insert(vectors.end(), {n[0], n[1], n[2], 0.0F});
  const std::size_t first = out.size();
  out.resize(first + normals.size());
  meshopt_encodeFilterOct(out.data() + first, normals.size(), 4, 8, vectors.data());
}

}  // namespace isla_3dtiles
