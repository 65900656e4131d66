// SPDX-License-Identifier: MIT
// The tileset's two contents besides the terrain, each one .glb:
// water.glb, every water region with an area as a flat quad at its level
// over its footprint, and scenery.glb, towns as points and roads as line
// strips. Each region, town and road is a node named by its World id, with
// the World's fields in its extras; towns and roads are also features of
// the 3D Tiles metadata (scenery_metadata.hpp).
#pragma once

#include <filesystem>

#include <isla/world/world.hpp>

#include "box_bounds.hpp"

namespace isla_3dtiles {

inline constexpr const char* kWaterGlb = "water.glb";
inline constexpr const char* kSceneryGlb = "scenery.glb";

// Each writes its file and returns the bounds of what it holds; nothing,
// and empty bounds, when the world has none of it.
BoxBounds writeWater(const isla::World& world, const std::filesystem::path& stage);
BoxBounds writeScenery(const isla::World& world, const std::filesystem::path& stage);

}  // namespace isla_3dtiles
