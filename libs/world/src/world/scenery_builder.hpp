// SPDX-License-Identifier: MIT
// A source's towns, roads and (from a viewer bundle) catalogue, vegetation
// and regions as scenery in world coordinates, elevations
// sampled on the compiled terrain. Internal to the kernel.
#pragma once

#include "isla/model/enum_table.hpp"
#include "isla/world/world.hpp"

namespace isla {

Scenery buildScenery(const World& world, std::size_t source, const EnumTable& enums);

}  // namespace isla
