// SPDX-License-Identifier: MIT
#include "quadtree.hpp"

#include <algorithm>
#include <cmath>

namespace isla_3dtiles {

std::string TileKey::name() const { return std::to_string(level) + "_" + std::to_string(x) + "_" + std::to_string(z); }

Quadtree::Quadtree(const isla::World& world, std::int32_t tileCells) : world_(world), rootCells_(tileCells) {
  const double spacing = world.settings.spacingM;
  for (const isla::Patch& patch : world.patches) {
    patchX_.push_back(std::llround(patch.originX / spacing));
    patchZ_.push_back(std::llround(patch.originZ / spacing));
    cellsX_ = std::max(cellsX_, patchX_.back() + patch.pointsX - 1);
    cellsZ_ = std::max(cellsZ_, patchZ_.back() + patch.pointsZ - 1);
  }
  while (rootCells_ < std::max(cellsX_, cellsZ_)) rootCells_ *= 2, ++leafLevel_;
}

std::int64_t Quadtree::columns(std::int32_t level) const {
  return std::max<std::int64_t>((cellsX_ + side(level) - 1) / side(level), 1);
}

std::int64_t Quadtree::rows(std::int32_t level) const {
  return std::max<std::int64_t>((cellsZ_ + side(level) - 1) / side(level), 1);
}

CellRect Quadtree::rect(const TileKey& tile) const {
  const std::int64_t s = side(tile.level);
  return {tile.x * s, std::min((tile.x + 1) * s, cellsX_), tile.z * s, std::min((tile.z + 1) * s, cellsZ_)};
}

std::vector<Piece> Quadtree::pieces(const CellRect& rect) const {
  std::vector<Piece> out;
  for (std::size_t p = 0; p < world_.patches.size(); ++p) {
    const isla::Patch& patch = world_.patches[p];
    const CellRect overlap{std::max(rect.x0, patchX_[p]), std::min(rect.x1, patchX_[p] + patch.pointsX - 1),
                           std::max(rect.z0, patchZ_[p]), std::min(rect.z1, patchZ_[p] + patch.pointsZ - 1)};
    if (!overlap.hasArea()) continue;
    out.push_back(
        {p, static_cast<std::int32_t>(overlap.x0 - patchX_[p]), static_cast<std::int32_t>(overlap.x1 - patchX_[p]),
         static_cast<std::int32_t>(overlap.z0 - patchZ_[p]), static_cast<std::int32_t>(overlap.z1 - patchZ_[p])});
  }
  return out;
}

}  // namespace isla_3dtiles
