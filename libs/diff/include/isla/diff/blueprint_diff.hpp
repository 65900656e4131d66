// SPDX-License-Identifier: MIT
// isla-tool diff's comparison of two decoded blueprints: the section table,
// then for each changed section what changed in it.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "isla/diff/grid_diff.hpp"
#include "isla/diff/record_diff.hpp"
#include "isla/diff/road_diff.hpp"
#include "isla/diff/section_table.hpp"
#include "isla/diff/town_diff.hpp"
#include "isla/diff/water_diff.hpp"
#include "isla/model/blueprint.hpp"
#include "isla/base/units.hpp"

namespace isla::diff {

// Per tag, the change at or below which values count as equal, in the
// section's stored units (HGTS raw heights, record fields as stored, px).
using Tolerances = std::map<FourCC, double>;

struct DiffOptions {
  Tolerances tolerances;
  unsigned threads = 0;  // 0: the hardware concurrency
};

struct BlueprintDiff {
  std::string fileA, fileB;
  SourceFormat formatA = SourceFormat::V2, formatB = SourceFormat::V2;
  std::int32_t mapSizeA = 0, mapSizeB = 0;
  Tolerances tolerances;
  std::vector<SectionRow> sections;
  // For sections changed in both; grids only when the MapSizes agree.
  std::optional<HeightChange> heights;
  std::optional<BiomeChange> biomes;
  std::vector<GridChange> otherGrids;
  std::optional<WaterChange> water;  // when WBID or WBTB changed
  std::vector<RecordChange> records;
  std::optional<TownChange> towns;
  std::vector<RoadChange> roads;

  bool sameMapSize() const { return mapSizeA == mapSizeB; }
  const SectionRow* row(FourCC tag) const;
};

// The towns' match radius, px: a town further from its old place is a
// removed one and an added one (docs/decisions.md).
double townMatchRadius(std::int32_t mapSize);

BlueprintDiff diffBlueprints(const Blueprint& a, const Blueprint& b, const Units& units, const DiffOptions& options);

}  // namespace isla::diff
