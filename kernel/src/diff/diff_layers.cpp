// SPDX-License-Identifier: MIT
#include "isla/diff/diff_layers.hpp"

namespace isla::diff {

const Raster* heights(const Blueprint& blueprint) { return blueprint.get<Raster>(kHeightsTag); }
const Raster* biomes(const Blueprint& blueprint) { return blueprint.get<Raster>(kBiomesTag); }
const Raster* waterIds(const Blueprint& blueprint) { return blueprint.get<Raster>(kWaterIdsTag); }

std::vector<WaterBodyRecord> waterBodyRecords(const Blueprint& blueprint) {
  std::vector<WaterBodyRecord> out;
  if (const auto* table = blueprint.get<Table>(kWaterTableTag)) {
    for (const auto& row : table->rows) {
      out.push_back({row.as<std::uint16_t>("id"), row.as<std::uint8_t>("type"), row.as<float>("surfaceLevel")});
    }
  }
  return out;
}

std::vector<TownRecord> townRecords(const Blueprint& blueprint) {
  std::vector<TownRecord> out;
  if (const auto* table = blueprint.get<Table>(kTownsTag)) {
    for (const auto& row : table->rows) {
      out.push_back({row.as<float>("X"), row.as<float>("Y"), row.as<std::uint8_t>("tier"),
                     row.as<std::uint8_t>("isHighwayNode")});
    }
  }
  return out;
}

OceanMask OceanMask::of(const Blueprint& blueprint, const EnumTable& enums) {
  OceanMask mask;
  if (const auto* ids = waterIds(blueprint)) {
    mask.waterIds_ = ids->values<std::uint16_t>();
    return mask;
  }
  const auto ocean = enums.contains("Biome") ? enums.ordinal("Biome", "Ocean") : std::nullopt;
  const auto* grid = biomes(blueprint);
  if (grid && ocean && *ocean <= 255) {
    mask.biomes_ = grid->values<std::uint8_t>();
    mask.oceanBiome_ = static_cast<std::uint8_t>(*ocean);
  }
  return mask;
}

}  // namespace isla::diff
