// SPDX-License-Identifier: MIT
// Where the diff finds each layer of a decoded blueprint: the roles
// (model/roles.hpp), so a section a third party fills a role with is
// compared as the shipped one would be. The one place that knows them.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "isla/model/enum_table.hpp"
#include "isla/model/blueprint.hpp"

namespace isla::diff {

// The role `tag`'s section fills in `blueprint`, if any.
std::optional<Role> roleOf(const Blueprint& blueprint, FourCC tag);
// The tag of the section that fills `role`, if one does.
std::optional<FourCC> tagOf(const Blueprint& blueprint, Role role);

const Raster* heights(const Blueprint& blueprint);
const Raster* biomes(const Blueprint& blueprint);
const Raster* waterIds(const Blueprint& blueprint);

// The water-body id of the ocean (BLUEPRINT_FORMAT.md: 1 is the ocean).
inline constexpr std::uint16_t kOceanBodyId = 1;

struct WaterBodyRecord {
  std::uint16_t id = 0;
  WaterKind kind = WaterKind::Unknown;
  float surfaceLevel = 0;  // raw height units
};
// The water bodies, in file order (empty when no section fills the role).
std::vector<WaterBodyRecord> waterBodyRecords(const Blueprint& blueprint);

struct TownRecord {
  float x = 0;
  float y = 0;
  std::uint8_t tier = 0;
  std::uint8_t highwayNode = 0;
};
std::vector<TownRecord> townRecords(const Blueprint& blueprint);

// Which pixels are ocean: id 1 when the blueprint has water ids, else
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
