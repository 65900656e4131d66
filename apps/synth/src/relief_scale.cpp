// SPDX-License-Identifier: MIT
#include "isla/synth/relief_scale.hpp"

#include <algorithm>

namespace isla::synth {

double reliefScale(std::int32_t mapSize, std::optional<double> spacingM) {
  if (!spacingM) return 1;
  return std::min(1.0, (mapSize - 1) * *spacingM / kNativeExtentM);
}

void scaleRelief(Grid<float>& heights, float seaLevel, double scale, const Workers& workers) {
  workers.forBands(heights.size(), [&](std::size_t, std::int32_t begin, std::int32_t end) {
    for (std::size_t i = heights.index(begin, 0); i < heights.index(end, 0); ++i) {
      heights[i] = static_cast<float>(seaLevel + scale * (heights[i] - seaLevel));
    }
  });
}

}  // namespace isla::synth
