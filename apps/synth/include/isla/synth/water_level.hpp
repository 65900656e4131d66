// SPDX-License-Identifier: MIT
// Water levels the generator can write exactly: the WSRF code itself is the
// kernel's (isla/water_level.hpp, BLUEPRINT_FORMAT.md).
#pragma once

#include <cmath>

#include <isla/model/water_level.hpp>

namespace isla::synth {

// One WSRF step, ~7.7 mm of height.
inline constexpr double kLevelStep = 1.0 / isla::water_surface::kStepsPerRaw;

// The highest multiple of a step not above `level`: such a level encodes and
// decodes exactly, with no rounding tie to disagree about.
inline float quantiseLevelDown(double level) {
  return static_cast<float>(std::floor(level * isla::water_surface::kStepsPerRaw) / isla::water_surface::kStepsPerRaw);
}

}  // namespace isla::synth
