// SPDX-License-Identifier: MIT
// One water region per water body of a source (WBTB), its footprint the
// bounding box of the body's WBID samples. Internal to the kernel.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "isla/base/id_table.hpp"
#include "isla/model/raster.hpp"
#include "isla/world/world.hpp"

namespace isla {

// The samples a body's WBID pixels span, inclusive.
struct WaterBox {
  std::int32_t minX = 0, minZ = 0, maxX = 0, maxZ = 0;
};
using WaterBoxes = IdTable<WaterBox>;

// The box of every id of a WBID grid but 0 (no water), in one pass.
WaterBoxes waterBoxes(const Raster& ids);
// Boxes as text, one line an id in increasing id, and back: none unless
// the text is the boxes of ids 1 .. 65535 within `mapSize` samples.
std::string waterBoxesText(const WaterBoxes& boxes);
std::optional<WaterBoxes> waterBoxesFromText(std::string_view text, std::int32_t mapSize);

// Regions of `source` (whose WBID gave `boxes`) in body-id order; bodies
// without a pixel add a `water.empty-body` warning instead.
std::vector<WaterRegion> findWaterRegions(const World& world, std::size_t source, const WaterBoxes& boxes,
                                          std::vector<WorldWarning>& warnings);

}  // namespace isla
