// SPDX-License-Identifier: MIT
#include "world_rows.hpp"

#include <cmath>

namespace isla_png {

std::int64_t gridColumn(const isla::World& world, const isla::Patch& patch) {
  return std::llround(patch.originX / world.settings.spacingM);
}

std::int64_t gridRow(const isla::World& world, const isla::Patch& patch) {
  return std::llround(patch.originZ / world.settings.spacingM);
}

std::pair<std::int64_t, std::int64_t> worldSamples(const isla::World& world) {
  std::int64_t width = 0, height = 0;
  for (const isla::Patch& patch : world.patches) {
    width = std::max(width, gridColumn(world, patch) + patch.pointsX);
    height = std::max(height, gridRow(world, patch) + patch.pointsZ);
  }
  return {width, height};
}

WorldRows::WorldRows(const isla::World& world)
    : LatticeRows(world, 1, [&world](std::size_t patch) { return world.heights(patch); }) {}

WorldLayerRows::WorldLayerRows(const isla::MaterialLayers& layers)
    : LatticeRows(layers.world(), layers.count(), [&layers](std::size_t patch) { return layers.rows(patch); }) {}

}  // namespace isla_png
