// SPDX-License-Identifier: MIT
// One water region per water body of a source (WBTB), its footprint the
// bounding box of the body's WBID samples. Internal to the kernel.
#pragma once

#include <vector>

#include "isla/world/world.hpp"

namespace isla {

// Regions of `source` in body-id order; bodies without a pixel add a
// `water.empty-body` warning instead.
std::vector<WaterRegion> findWaterRegions(const World& world, std::size_t source,
                                          std::vector<WorldWarning>& warnings);

}  // namespace isla
