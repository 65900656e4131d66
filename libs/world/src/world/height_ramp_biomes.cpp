// SPDX-License-Identifier: MIT
#include "height_ramp_biomes.hpp"

#include <array>
#include <stdexcept>
#include <string>
#include <utility>

namespace isla {

namespace {

// Each band's upper end as a fraction of the way from the water level to the top.
constexpr std::array<std::pair<double, const char*>, 6> kLandBands{{
    {0.03, "Beach"}, {0.35, "Grassland"}, {0.6, "Forest"}, {0.8, "Rock"}, {0.92, "Mountain"}, {2.0, "Snow"}}};

std::uint8_t biome(const EnumTable& enums, const char* name) {
  const auto ordinal = enums.ordinal("Biome", name);
  if (!ordinal || *ordinal > 255) {
    throw std::runtime_error(std::string("the enum table (") + enums.origin() + ") has no Biome '" + name +
                             "', which colours a package's terrain by height");
  }
  return static_cast<std::uint8_t>(*ordinal);
}

}  // namespace

Raster heightRampBiomes(std::span<const float> heights, std::int32_t mapSize, double waterLevelM, double topM,
                        const EnumTable& enums) {
  const std::uint8_t ocean = biome(enums, "Ocean");
  std::array<std::uint8_t, kLandBands.size()> land{};
  for (std::size_t b = 0; b < kLandBands.size(); ++b) land[b] = biome(enums, kLandBands[b].second);
  const double rise = topM > waterLevelM ? topM - waterLevelM : 1.0;
  RasterBuilder builder(ElementType::U8, mapSize);
  const auto classes = builder.values<std::uint8_t>();
  const auto n = static_cast<std::size_t>(mapSize);
  for (std::size_t z = 0; z < n; ++z) {
    for (std::size_t x = 0; x < n; ++x) {
      const double height = heights[z * n + x];
      std::uint8_t ordinal = ocean;
      if (height >= waterLevelM) {
        const double up = (height - waterLevelM) / rise;
        std::size_t band = 0;
        while (band + 1 < kLandBands.size() && up >= kLandBands[band].first) ++band;
        ordinal = land[band];
      }
      classes[x * n + z] = ordinal;  // rasters are X outer
    }
  }
  return std::move(builder).finish();
}

}  // namespace isla
