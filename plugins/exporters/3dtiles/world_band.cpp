// SPDX-License-Identifier: MIT
#include "world_band.hpp"

#include <algorithm>

namespace isla_3dtiles {

WorldBand::WorldBand(const isla::World& world, const Quadtree& tree, const std::vector<bool>& held)
    : world_(world), tree_(tree), held_(held), bands_(world.patches.size()) {}

void WorldBand::load(std::int64_t z0, std::int64_t z1) {
  for (std::size_t p = 0; p < bands_.size(); ++p) {
    if (!held_[p]) continue;
    const std::int64_t first = tree_.patchZ(p), last = first + world_.patches[p].pointsZ - 1;
    if (last < z0 || first > z1) {
      if (last < z0) bands_[p].reset();
      continue;
    }
    if (!bands_[p]) bands_[p] = std::make_unique<isla::PatchBand>(world_, p);
    bands_[p]->load(static_cast<std::int32_t>(std::max(z0 - 1, first) - first),
                    static_cast<std::int32_t>(std::min(z1 + 1, last) - first));
  }
}

std::span<const float> WorldBand::row(std::size_t patch, std::int32_t z) const { return bands_[patch]->row(z); }

isla::RowsAround WorldBand::around(std::size_t patch, std::int32_t z) const {
  const std::int32_t last = world_.patches[patch].pointsZ - 1;
  return {row(patch, std::max(z - 1, 0)), row(patch, z), row(patch, std::min(z + 1, last))};
}

}  // namespace isla_3dtiles
