// SPDX-License-Identifier: MIT
#include "isla/world/vertex_normal.hpp"

#include <algorithm>
#include <cmath>

namespace isla {

namespace {

// The canonical normal of a sample on a side that has an edge (at a patch
// corner both edges carry the same one).
const Normal* canonicalNormal(const World& world, const Patch& patch, std::int32_t x, std::int32_t z) {
  for (const Side side : kSides) {
    const auto edge = patch.edges[static_cast<std::size_t>(side)];
    const bool on = side == Side::North ? z == 0
                    : side == Side::South ? z == patch.pointsZ - 1
                    : side == Side::West  ? x == 0
                                          : x == patch.pointsX - 1;
    if (on && edge) {
      const bool alongX = side == Side::North || side == Side::South;
      return &world.edges[*edge].normals[static_cast<std::size_t>(alongX ? x : z)];
    }
  }
  return nullptr;
}

}  // namespace

Normal vertexNormal(const World& world, const Patch& patch, std::int32_t x, std::int32_t z, const RowsAround& rows) {
  if (const Normal* canonical = canonicalNormal(world, patch, x, z)) return *canonical;
  const double spacing = world.settings.spacingM;
  const auto west = static_cast<std::size_t>(std::max(x - 1, 0));
  const auto east = static_cast<std::size_t>(std::min(x + 1, patch.pointsX - 1));
  const auto at = static_cast<std::size_t>(x);
  const double dz = std::min(z + 1, patch.pointsZ - 1) - std::max(z - 1, 0);
  const double dhdx = (static_cast<double>(rows.here[east]) - rows.here[west]) /
                      (static_cast<double>(east - west) * spacing);
  const double dhdz = (static_cast<double>(rows.south[at]) - rows.north[at]) / (dz * spacing);
  const double length = std::sqrt(dhdx * dhdx + 1 + dhdz * dhdz);
  return {-dhdx / length, 1 / length, -dhdz / length};
}

}  // namespace isla
