// SPDX-License-Identifier: MIT
// What changed in a grid, pixel by pixel: the changed count for any grid,
// magnitudes for heights, the class transitions for biomes.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "isla/base/fourcc.hpp"
#include "isla/model/raster.hpp"
#include "isla/base/units.hpp"

namespace isla::diff {

struct GridChange {
  FourCC tag;
  std::uint64_t pixels = 0;
  std::uint64_t changed = 0;  // pixels whose value differs by more than the tolerance
};

// |change| in metres by decade: <0.01, <0.1, <1, <10, <100, >=100.
inline constexpr std::array<double, 5> kHeightBinEdgesM{0.01, 0.1, 1, 10, 100};

struct HeightChange {
  GridChange grid;
  // Changed pixels that are neither: -0 against 0, or NaN.
  std::uint64_t raised = 0;
  std::uint64_t lowered = 0;
  double maxAbsChangeM = 0;
  double meanAbsChangeM = 0;  // over the changed pixels
  std::int64_t maxX = 0, maxY = 0;  // the first pixel (scan order) of the largest change
  double maxFromM = 0, maxToM = 0;
  std::array<std::uint64_t, kHeightBinEdgesM.size() + 1> histogram{};  // changed pixels a bin
};

// `tolerance` in raw height units: smaller changes are equal.
HeightChange compareHeights(FourCC tag, const Raster& a, const Raster& b, double tolerance, const Units& units,
                            unsigned threads);

struct BiomeTransition {
  std::uint32_t from = 0;
  std::uint32_t to = 0;
  std::uint64_t pixels = 0;
};

struct BiomeChange {
  GridChange grid;
  std::vector<BiomeTransition> transitions;  // from != to, ordered by (from, to)
};

BiomeChange compareBiomes(FourCC tag, const Raster& a, const Raster& b, unsigned threads);

// Any grid: pixels whose values differ by more than `tolerance` (as numbers).
GridChange compareGrid(FourCC tag, const Raster& a, const Raster& b, double tolerance, unsigned threads);

}  // namespace isla::diff
