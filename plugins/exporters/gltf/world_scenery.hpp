// SPDX-License-Identifier: MIT
// What world.gltf shows besides the terrain: every water region as a flat
// quad over its footprint at its level, and towns and roads as nodes whose
// extras carry their IDs, tiers and positions, for an engine to place its
// own prefabs and build its own road meshes.
#pragma once

#include <filesystem>
#include <vector>

#include <isla/world/world.hpp>

#include "gltf_document.hpp"

namespace isla_gltf {

inline constexpr const char* kWorldBin = "world.bin";

// Writes <stage>/world.bin, the water quad, when a region has an area to
// show (once: the scenes that show it share it).
void writeWaterQuad(const isla::World& world, const std::filesystem::path& stage);

// The root nodes "water", "towns" and "roads" (each only when the world has
// one), over world.bin.
std::vector<std::size_t> addScenery(GltfDocument& document, const isla::World& world);

}  // namespace isla_gltf
