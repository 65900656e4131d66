// SPDX-License-Identifier: MIT
#include "isla/diff/diff_layers.hpp"

namespace isla::diff {

std::optional<Role> roleOf(const Blueprint& blueprint, FourCC tag) {
  for (const FilledRole& filled : blueprint.roles) {
    if (filled.tag == tag) return isla::roleOf(filled.content);
  }
  return std::nullopt;
}

std::optional<FourCC> tagOf(const Blueprint& blueprint, Role role) {
  const FilledRole* filled = blueprint.filled(role);
  return filled ? std::optional<FourCC>(filled->tag) : std::nullopt;
}

const Raster* heights(const Blueprint& blueprint) {
  const auto* grid = blueprint.role<HeightGrid>();
  return grid ? &grid->raw : nullptr;
}

const Raster* biomes(const Blueprint& blueprint) {
  const auto* grid = blueprint.role<BiomeGrid>();
  return grid ? &grid->classes : nullptr;
}

const Raster* waterIds(const Blueprint& blueprint) {
  const auto* grid = blueprint.role<WaterBodyIdGrid>();
  return grid ? &grid->ids : nullptr;
}

std::vector<WaterBodyRecord> waterBodyRecords(const Blueprint& blueprint) {
  std::vector<WaterBodyRecord> out;
  if (const auto* table = blueprint.role<WaterBodyTable>()) {
    for (const WaterBody& body : table->bodies) out.push_back({body.id, body.kind, body.surfaceLevelRaw});
  }
  return out;
}

std::vector<TownRecord> townRecords(const Blueprint& blueprint) {
  std::vector<TownRecord> out;
  if (const auto* list = blueprint.role<TownList>()) {
    for (const Town& town : list->towns) {
      out.push_back({town.x, town.y, town.tier, static_cast<std::uint8_t>(town.highwayNode ? 1 : 0)});
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
