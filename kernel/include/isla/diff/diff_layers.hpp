// SPDX-License-Identifier: MIT
// Where the diff finds each layer of a decoded blueprint: the one place that
// knows which tag and field name hold heights, biomes, water, towns, roads.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "isla/model/enum_table.hpp"
#include "isla/model/blueprint.hpp"

namespace isla::diff {

inline constexpr FourCC kHeightsTag{"HGTS"};
inline constexpr FourCC kBiomesTag{"BIOM"};
inline constexpr FourCC kWaterIdsTag{"WBID"};
inline constexpr FourCC kWaterTableTag{"WBTB"};
inline constexpr FourCC kTownsTag{"TOWN"};

const Raster* heights(const Blueprint& blueprint);
const Raster* biomes(const Blueprint& blueprint);
const Raster* waterIds(const Blueprint& blueprint);

// The WBID value of the ocean body (BLUEPRINT_FORMAT.md: 1 is the ocean).
inline constexpr std::uint16_t kOceanBodyId = 1;

struct WaterBodyRecord {
  std::uint16_t id = 0;
  std::uint8_t type = 0;  // 0 ocean, 1 lake
  float surfaceLevel = 0;  // raw height units
};
// The WBTB rows, in file order (empty when the section is absent).
std::vector<WaterBodyRecord> waterBodyRecords(const Blueprint& blueprint);

struct TownRecord {
  float x = 0;
  float y = 0;
  std::uint8_t tier = 0;
  std::uint8_t highwayNode = 0;
};
std::vector<TownRecord> townRecords(const Blueprint& blueprint);

// Which pixels are ocean: WBID == 1 when the blueprint has water ids, else
// the biome grid's Ocean class; neither: no mask.
class OceanMask {
 public:
  static OceanMask of(const Blueprint& blueprint, const EnumTable& enums);
  explicit operator bool() const { return !waterIds_.empty() || !biomes_.empty(); }
  bool at(std::uint64_t index) const {
    return waterIds_.empty() ? biomes_[index].value() == oceanBiome_ : waterIds_[index].value() == kOceanBodyId;
  }

 private:
  std::span<const LittleEndianT<std::uint16_t>> waterIds_;
  std::span<const LittleEndianT<std::uint8_t>> biomes_;
  std::uint8_t oceanBiome_ = 0;
};

}  // namespace isla::diff
