// SPDX-License-Identifier: MIT
// A band of the world's rows: for each patch that the band crosses, its rows
// in the band and the one on either side (for normals), streamed with the
// kernel's PatchBand. Bands move south only; a patch the band has
// left is released, so the band never holds more than its own rows.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include <isla/mesh/patch_band.hpp>
#include <isla/world/vertex_normal.hpp>
#include <isla/world/world.hpp>

#include "quadtree.hpp"

namespace isla_3dtiles {

class WorldBand {
 public:
  // Of the patches that `held` marks (by patch); the others are never read.
  WorldBand(const isla::World& world, const Quadtree& tree, const std::vector<bool>& held);

  // Holds world rows [z0, z1] of every held patch that has some of them.
  void load(std::int64_t z0, std::int64_t z1);

  // Row z of a patch (its own index), which must be held.
  std::span<const float> row(std::size_t patch, std::int32_t z) const;
  // The rows a normal at row z of a patch needs.
  isla::RowsAround around(std::size_t patch, std::int32_t z) const;

 private:
  const isla::World& world_;
  const Quadtree& tree_;
  const std::vector<bool>& held_;
  std::vector<std::unique_ptr<isla::PatchBand>> bands_;  // by patch; null when not held
};

}  // namespace isla_3dtiles
