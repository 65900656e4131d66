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

// The surface's normal from its slopes (both functions below compute it
// here, so that they give the same bits).
Normal fromSlopes(double dhdx, double dhdz) {
  const double length = std::sqrt(dhdx * dhdx + 1 + dhdz * dhdz);
  return {-dhdx / length, 1 / length, -dhdz / length};
}

// Rows z - 1 and z + 1 are this many samples apart (fewer on the patch's first and last row).
double rowsApart(const Patch& patch, std::int32_t z) {
  return std::min(z + 1, patch.pointsZ - 1) - std::max(z - 1, 0);
}

// A row's samples between the patch's west and east sides: the heights
// west and east of each, north and south of it, and how far apart each
// pair lies in metres.
struct InteriorRow {
  const float* west;
  const float* east;
  const float* north;
  const float* south;
  double xApartM, zApartM;
};

// The normals of `count` samples of an interior row, a component an array:
// restrict-qualified and stored apart, so that the divisions and the root
// vectorise (three-float stores, and pointers that may alias, would not).
void interiorNormals(const InteriorRow& row, std::size_t count, float* __restrict nx, float* __restrict ny,
                     float* __restrict nz) {
  const float* __restrict west = row.west;
  const float* __restrict east = row.east;
  const float* __restrict north = row.north;
  const float* __restrict south = row.south;
  for (std::size_t i = 0; i < count; ++i) {
    const Normal n = fromSlopes((static_cast<double>(east[i]) - west[i]) / row.xApartM,
                                (static_cast<double>(south[i]) - north[i]) / row.zApartM);
    nx[i] = static_cast<float>(n.x), ny[i] = static_cast<float>(n.y), nz[i] = static_cast<float>(n.z);
  }
}

std::array<float, 3> asFloats(const Normal& n) {
  return {static_cast<float>(n.x), static_cast<float>(n.y), static_cast<float>(n.z)};
}

}  // namespace

Normal vertexNormal(const World& world, const Patch& patch, std::int32_t x, std::int32_t z, const RowsAround& rows) {
  if (const Normal* canonical = canonicalNormal(world, patch, x, z)) return *canonical;
  const double spacing = world.settings.spacingM;
  const auto west = static_cast<std::size_t>(std::max(x - 1, 0));
  const auto east = static_cast<std::size_t>(std::min(x + 1, patch.pointsX - 1));
  const auto at = static_cast<std::size_t>(x);
  const double dhdx = (static_cast<double>(rows.here[east]) - rows.here[west]) /
                      (static_cast<double>(east - west) * spacing);
  const double dhdz = (static_cast<double>(rows.south[at]) - rows.north[at]) / (rowsApart(patch, z) * spacing);
  return fromSlopes(dhdx, dhdz);
}

void appendRowNormals(const World& world, const Patch& patch, std::int32_t z, std::int32_t x0, std::int32_t x1,
                      const RowsAround& rows, std::vector<std::array<float, 3>>& out) {
  // The interior: neither on the west or east side, nor on a row a shared edge gives its normals.
  const bool edgeRow = (z == 0 && patch.edges[static_cast<std::size_t>(Side::North)]) ||
                       (z == patch.pointsZ - 1 && patch.edges[static_cast<std::size_t>(Side::South)]);
  const std::int32_t first = edgeRow ? x1 + 1 : std::max(x0, 1);
  const std::int32_t last = edgeRow ? x1 : std::min(x1, patch.pointsX - 2);
  const auto one = [&](std::int32_t x) { out.push_back(asFloats(vertexNormal(world, patch, x, z, rows))); };
  for (std::int32_t x = x0; x < first && x <= x1; ++x) one(x);
  const double spacing = world.settings.spacingM;
  if (first <= last) {
    const auto count = static_cast<std::size_t>(last - first + 1), start = static_cast<std::size_t>(first);
    std::vector<float> components(3 * count);
    interiorNormals({rows.here.data() + start - 1, rows.here.data() + start + 1, rows.north.data() + start,
                     rows.south.data() + start, 2 * spacing, rowsApart(patch, z) * spacing},
                    count, components.data(), components.data() + count, components.data() + 2 * count);
    const std::size_t at = out.size();
    out.resize(at + count);
    for (std::size_t i = 0; i < count; ++i) {
      out[at + i] = {components[i], components[count + i], components[2 * count + i]};
    }
  }
  for (std::int32_t x = std::max(last + 1, first); x <= x1; ++x) one(x);
}

}  // namespace isla
