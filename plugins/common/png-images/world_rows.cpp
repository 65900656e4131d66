// SPDX-License-Identifier: MIT
#include "world_rows.hpp"

#include <algorithm>
#include <cmath>

namespace isla_png {

std::int64_t gridColumn(const isla::World& world, const isla::Patch& patch) {
  return std::llround(patch.originX / world.settings.spacingM);
}

std::int64_t gridRow(const isla::World& world, const isla::Patch& patch) {
  return std::llround(patch.originZ / world.settings.spacingM);
}

WorldRows::WorldRows(const isla::World& world) : world_(world) {
  std::int64_t width = 0, height = 0;
  for (const isla::Patch& patch : world.patches) {
    width = std::max(width, gridColumn(world, patch) + patch.pointsX);
    height = std::max(height, gridRow(world, patch) + patch.pointsZ);
  }
  row_.resize(static_cast<std::size_t>(width));
  height_ = static_cast<std::int32_t>(height);
}

void WorldRows::openLatticeRow(std::int32_t latticeRow) {
  patches_.clear();
  for (std::int32_t c = 0; c < world_.latticeCols(); ++c) {
    const isla::Patch* patch = world_.patch(latticeRow, c);
    patches_.emplace_back(gridColumn(world_, *patch),
                          world_.heights(static_cast<std::size_t>(patch - world_.patches.data())));
    pointsZ_ = patch->pointsZ;
  }
  latticeRow_ = latticeRow;
  z_ = latticeRow == 0 ? 0 : 1;  // row 0 is the previous lattice row's last
}

std::span<const float> WorldRows::next() {
  if (latticeRow_ < 0 || z_ == pointsZ_) openLatticeRow(latticeRow_ + 1);
  for (auto& [column, rows] : patches_) {
    const std::span<const float> row = rows.row(z_);
    std::copy(row.begin(), row.end(), row_.begin() + column);
  }
  ++z_;
  return row_;
}

}  // namespace isla_png
