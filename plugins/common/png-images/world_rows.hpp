// SPDX-License-Identifier: MIT
// The whole world's heights, one row (fixed world z) at a time, north to
// south. A world row crosses one lattice row of patches, so one PatchRows
// (one row band) is held per patch of that lattice row, never more; each
// patch's row lands at origin / spacing. Neighbouring patches share their
// edge samples (equal by the World's contract): the row a lattice row
// shares with the next is made once.
#pragma once

#include <cstdint>
#include <span>
#include <utility>
#include <vector>

#include <isla/world/world.hpp>

namespace isla_png {

// The grid position of a patch: world pixel = origin / spacing + index.
std::int64_t gridColumn(const isla::World& world, const isla::Patch& patch);
std::int64_t gridRow(const isla::World& world, const isla::Patch& patch);

class WorldRows {
 public:
  explicit WorldRows(const isla::World& world);

  std::int32_t width() const { return static_cast<std::int32_t>(row_.size()); }
  std::int32_t height() const { return height_; }
  // The next row; valid until the next call.
  std::span<const float> next();

 private:
  void openLatticeRow(std::int32_t latticeRow);

  const isla::World& world_;
  std::int32_t height_ = 0;
  std::int32_t latticeRow_ = -1;
  std::int32_t z_ = 0;  // the next row within the lattice row
  std::int32_t pointsZ_ = 0;
  std::vector<std::pair<std::int64_t, isla::PatchRows>> patches_;  // by grid column
  std::vector<float> row_;
};

}  // namespace isla_png
