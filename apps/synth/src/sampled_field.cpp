// SPDX-License-Identifier: MIT
#include "isla/synth/sampled_field.hpp"

#include "isla/synth/grid.hpp"

namespace isla::synth {

namespace {

// 512 to 1023 lattice steps across, whatever the MapSize.
constexpr std::int32_t kStepsAcross = 512;

std::int32_t strideBitsFor(std::int32_t mapSize) {
  std::int32_t bits = 0;
  while ((mapSize >> (bits + 1)) >= kStepsAcross) ++bits;
  return bits;
}

}  // namespace

SampledField::SampledField(std::int32_t mapSize, const std::function<float(double, double)>& field,
                           const Workers& workers)
    : strideBits_(strideBitsFor(mapSize)),
      inverseStride_(1.0f / static_cast<float>(1 << strideBits_)),
      // One point past the last pixel, so that every pixel has four corners.
      side_(static_cast<std::size_t>(((mapSize - 1) >> strideBits_) + 2)),
      values_(side_ * side_) {
  workers.run(side_, [&](std::size_t i) {
    const double u = mapCoordinate(static_cast<std::int32_t>(i) << strideBits_, mapSize);
    for (std::size_t j = 0; j < side_; ++j) {
      values_[i * side_ + j] = field(u, mapCoordinate(static_cast<std::int32_t>(j) << strideBits_, mapSize));
    }
  });
}

}  // namespace isla::synth
