// SPDX-License-Identifier: MIT
// The water classification: the ocean (everything below the sea that is
// 4-connected to the map border), the lakes (the carved basins), and the
// WBID / WBTB / WSRF content derived from it.
#pragma once

#include <cstdint>
#include <vector>

#include "isla/synth/grid.hpp"
#include "isla/synth/lakes.hpp"
#include "isla/synth/workers.hpp"

namespace isla::synth {

enum class WaterType : std::uint8_t { Ocean = 0, Lake = 1 };
enum class Salinity : std::uint8_t { Fresh = 0, Salt = 1 };

inline constexpr std::uint16_t kOceanId = 1;
inline constexpr std::uint16_t kFirstLakeId = 2;

// One WBTB row.
struct WaterBody {
  std::uint16_t id = 0;
  WaterType type = WaterType::Ocean;
  Salinity salinity = Salinity::Salt;
  float surfaceLevel = 0;
  std::int32_t pixelCount = 0;
  float centroidX = 0;  // mean x of the body's pixels
  float centroidY = 0;
};

struct Water {
  Grid<std::uint16_t> ids;  // WBID: 0 dry, 1 ocean, 2.. lakes in scan order
  std::vector<WaterBody> bodies;
};

// Labels the water, and settles the heights so that any reading of "below
// the sea" agrees with it: below-sea pits that do not reach the border are
// filled to just above the sea, and every ocean and dry pixel is at least
// one WSRF step from the sea level.
Water classifyWater(Grid<float>& heights, float seaLevel, const std::vector<LakeBasin>& lakes,
                    const Workers& workers);

// WSRF: 0 where dry, else the pixel's body's encoded level.
Grid<std::uint16_t> waterSurface(const Water& water, const Workers& workers);

}  // namespace isla::synth
