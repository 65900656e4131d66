// SPDX-License-Identifier: MIT
// Biomes from height above the sea, slope, moisture and warmth; Ocean and
// Lake exactly on the water, Crater in the bowl. Ordinals come from the
// kernel's enum table, by name.
#pragma once

#include <cstdint>

#include "isla/synth/grid.hpp"
#include "isla/synth/terrain.hpp"
#include "isla/synth/workers.hpp"

namespace isla {
class EnumTable;
}

namespace isla::synth {

struct BiomePalette {
  std::uint8_t ocean, lake, beach, grassland, forest, jungle, swamp, desert, dirt, rock, mountain, snow,
      crater, wasteland;

  // Throws std::runtime_error naming the member the table lacks.
  static BiomePalette from(const EnumTable& enums);
};

struct ClimateSettings {
  std::int32_t seed = 1;
  float seaLevel = 0.15f;
  Crater crater;
};

Grid<std::uint8_t> classifyBiomes(const Grid<float>& heights, const Grid<std::uint16_t>& waterIds,
                                  const ClimateSettings& settings, const BiomePalette& palette,
                                  const Workers& workers);

}  // namespace isla::synth
