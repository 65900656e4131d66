// SPDX-License-Identifier: MIT
// The whole world's rows (fixed world z), north to south, made from its
// patches' rows: heights (WorldRows) or material layer weights
// (WorldLayerRows). A world row crosses one lattice row of patches, so one
// row reader (one row band) is held per patch of that lattice row, never
// more; each patch's row lands at origin / spacing. Neighbouring patches
// share their edge samples (equal by the World's contract): the row a
// lattice row shares with the next is made once.
#pragma once

#include <algorithm>
#include <cstdint>
#include <functional>
#include <span>
#include <utility>
#include <vector>

#include <isla/world/material_layers.hpp>
#include <isla/world/world.hpp>

namespace isla_png {

// The grid position of a patch: world pixel = origin / spacing + index.
std::int64_t gridColumn(const isla::World& world, const isla::Patch& patch);
std::int64_t gridRow(const isla::World& world, const isla::Patch& patch);
// The world's samples across and down.
std::pair<std::int64_t, std::int64_t> worldSamples(const isla::World& world);

// `PatchReader` has row(z) -> span<const T> of pointsX x `components` values.
template <class T, class PatchReader>
class LatticeRows {
 public:
  using Open = std::function<PatchReader(std::size_t patch)>;

  LatticeRows(const isla::World& world, std::size_t components, Open open)
      : world_(world), components_(components), open_(std::move(open)) {
    const auto [width, height] = worldSamples(world);
    row_.resize(static_cast<std::size_t>(width) * components);
    height_ = static_cast<std::int32_t>(height);
  }

  std::int32_t width() const { return static_cast<std::int32_t>(row_.size() / components_); }
  std::int32_t height() const { return height_; }
  std::size_t components() const { return components_; }
  // The next row, width() x components() values; valid until the next call.
  std::span<const T> next() {
    if (latticeRow_ < 0 || z_ == pointsZ_) openLatticeRow(latticeRow_ + 1);
    // A lattice row of one patch (a one-source world) is its rows as they are.
    if (patches_.size() == 1 && patches_.front().first == 0) return patches_.front().second.row(z_++);
    for (auto& [column, rows] : patches_) {
      const std::span<const T> row = rows.row(z_);
      std::copy(row.begin(), row.end(), row_.begin() + column * static_cast<std::int64_t>(components_));
    }
    ++z_;
    return row_;
  }

 private:
  void openLatticeRow(std::int32_t latticeRow) {
    patches_.clear();
    for (std::int32_t c = 0; c < world_.latticeCols(); ++c) {
      const isla::Patch* patch = world_.patch(latticeRow, c);
      patches_.emplace_back(gridColumn(world_, *patch), open_(static_cast<std::size_t>(patch - world_.patches.data())));
      pointsZ_ = patch->pointsZ;
    }
    latticeRow_ = latticeRow;
    z_ = latticeRow == 0 ? 0 : 1;  // row 0 is the previous lattice row's last
  }

  const isla::World& world_;
  std::size_t components_;
  Open open_;
  std::int32_t height_ = 0;
  std::int32_t latticeRow_ = -1;
  std::int32_t z_ = 0;  // the next row within the lattice row
  std::int32_t pointsZ_ = 0;
  std::vector<std::pair<std::int64_t, PatchReader>> patches_;  // by grid column
  std::vector<T> row_;
};

// The world's heights, float32 metres a sample.
class WorldRows : public LatticeRows<float, isla::PatchRows> {
 public:
  explicit WorldRows(const isla::World& world);
};

// The world's material layer weights, layers.count() bytes a sample.
class WorldLayerRows : public LatticeRows<std::uint8_t, isla::LayerRows> {
 public:
  explicit WorldLayerRows(const isla::MaterialLayers& layers);
};

}  // namespace isla_png
