// SPDX-License-Identifier: MIT
// A smooth field evaluated on a coarse lattice of pixels and interpolated
// bilinearly in between: the low-frequency noise of a map costs a lattice,
// not a pass of noise per pixel. Still a pure function of (x, y).
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "isla/synth/workers.hpp"

namespace isla::synth {

class SampledField {
 public:
  // Octaves up to this frequency (cycles per map width) span at least eight
  // lattice steps, where bilinear interpolation follows them closely.
  static constexpr double kHighestFrequency = 64;

  // `field(u, v)` at every stride-th pixel centre (u, v in map widths).
  SampledField(std::int32_t mapSize, const std::function<float(double u, double v)>& field,
               const Workers& workers);

  float at(std::int32_t x, std::int32_t y) const {
    const std::int32_t i = x >> strideBits_;
    const std::int32_t j = y >> strideBits_;
    const float fx = static_cast<float>(x - (i << strideBits_)) * inverseStride_;
    const float fy = static_cast<float>(y - (j << strideBits_)) * inverseStride_;
    const float* corner = &values_[static_cast<std::size_t>(i) * side_ + static_cast<std::size_t>(j)];
    const float west = corner[0] + fy * (corner[1] - corner[0]);
    const float east = corner[side_] + fy * (corner[side_ + 1] - corner[side_]);
    return west + fx * (east - west);
  }

 private:
  // The stride is a power of two: the lookup shifts rather than divides.
  std::int32_t strideBits_;
  float inverseStride_;
  std::size_t side_;  // lattice points per side
  std::vector<float> values_;
};

}  // namespace isla::synth
