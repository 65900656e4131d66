// SPDX-License-Identifier: MIT
// The range of every number a layout (and a viewer bundle's runtime.json,
// which must equal it) may hold. layout-v1.schema.json and
// source-v1.schema.json say the same (tests/world/layout_limits_test.cpp
// compares them); the code checks again before anything is sized by them.
// The ranges follow from what a compiled world can hold: with every number
// at its limit and the largest MapSize, the world's size in samples and in
// metres stays a finite float32 (layout_limits.cpp proves it at compile
// time), and a gap corner, the one patch synthesised whole, stays small.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "isla/model/limits.hpp"

namespace isla {

struct NumberRange {
  std::string_view key;
  double minimum;
  double maximum;
  bool minimumExcluded = false;
  bool integral = false;
};

inline constexpr NumberRange kSpacingRange{"spacing_m", 0.001, 1000.0};
inline constexpr NumberRange kHeightScaleRange{"height_scale_m", 0.0, 1.0e6, true};
inline constexpr NumberRange kGapCellsRange{"gap_cells", 2, 1024, false, true};
inline constexpr NumberRange kRowRange{"row", 0, 255, false, true};
inline constexpr NumberRange kColRange{"col", 0, 255, false, true};
inline constexpr std::size_t kMaxNameCharacters = 256;
inline constexpr std::size_t kMaxPathCharacters = 4096;

// Why `value` is not a finite number within `range` (and integral where it
// must be), e.g. "gap_cells is 30000; it runs from 2 to 1024"; nullopt when it is.
std::optional<std::string> outOfRange(double value, const NumberRange& range);

}  // namespace isla
