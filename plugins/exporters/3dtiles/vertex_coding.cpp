// SPDX-License-Identifier: MIT
#include "vertex_coding.hpp"

#include <meshoptimizer.h>

#include <algorithm>
#include <cmath>

namespace isla_3dtiles {

namespace {

constexpr double kMantissaLimit = (1 << 23) - 1;  // a signed 24-bit mantissa's largest magnitude

}  // namespace

ExponentialAxis::ExponentialAxis(int exponent)
    : exponentBits_(static_cast<std::uint32_t>(exponent) << 24),
      toMantissa_(std::ldexp(1.0, -exponent)),
      step_(std::ldexp(1.0F, exponent)) {}

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

void appendOctahedral(std::span<const std::array<float, 3>> normals, std::vector<std::array<std::int8_t, 4>>& out) {
  std::vector<float> vectors;
  vectors.reserve(normals.size() * 4);
  for (const auto& n : normals) vectors.insert(vectors.end(), {n[0], -n[2], n[1], 0.0F});
  const std::size_t first = out.size();
  out.resize(first + normals.size());
  meshopt_encodeFilterOct(out.data() + first, normals.size(), 4, 8, vectors.data());
}

}  // namespace isla_3dtiles
