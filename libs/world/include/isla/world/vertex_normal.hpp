// SPDX-License-Identifier: MIT
// The normal a mesh takes at a sample of a patch: the canonical normal of the
// shared edge on the patch's side there, else the surface's by finite
// differences of the full-resolution heights. Every mesh exporter uses it, so
// that a sample has one normal whichever mesh, stride, chunk or level shows it.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "isla/base/api.hpp"
#include "isla/world/world.hpp"

namespace isla {

// Rows z - 1, z and z + 1 of a patch, each clamped to its first and last row.
struct RowsAround {
  std::span<const float> north;
  std::span<const float> here;
  std::span<const float> south;
};

// (-dh/dx, 1, -dh/dz) normalised, central inside the patch and one-sided on
// its border, unless the side at (x, z) has a shared edge: then its normal.
ISLA_API Normal vertexNormal(const World& world, const Patch& patch, std::int32_t x, std::int32_t z,
                             const RowsAround& rows);

// vertexNormal of samples x0 to x1 of row z, in order, as float32 (x, y,
// z), appended to `out`: the same values, a row at a time, the interior's
// differences in one loop without the per-sample edge tests.
ISLA_API void appendRowNormals(const World& world, const Patch& patch, std::int32_t z, std::int32_t x0,
                               std::int32_t x1, const RowsAround& rows, std::vector<std::array<float, 3>>& out);

}  // namespace isla
