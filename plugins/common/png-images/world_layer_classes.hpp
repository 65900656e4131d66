// SPDX-License-Identifier: MIT
// The world's material layers as compact rows (isla::CompactLayerRow): a
// world row's classes, one byte a sample, made as the heights' rows are
// (LatticeRows), and the bytes of its mixed samples beside them. Writers
// that split layers into images (unity's splat maps) take a whole sample's
// class and never lay it out L bytes wide.
#pragma once

#include <algorithm>
#include <cstdint>
#include <span>
#include <vector>

#include <isla/world/material_layers.hpp>

#include "world_rows.hpp"

namespace isla_png {

// One patch's compact rows: row(z) gives its classes and copies its mixed
// samples' bytes into the world row's at its grid column.
class PatchLayerClasses {
 public:
  PatchLayerClasses(isla::LayerRows rows, std::int64_t column, std::vector<std::uint8_t>& worldSamples,
                    std::size_t layers);
  std::span<const std::uint8_t> row(std::int32_t z);

 private:
  isla::LayerRows rows_;
  std::size_t offset_;  // the patch's first byte in the world's samples
  std::vector<std::uint8_t>* worldSamples_;
  std::size_t layers_;
};

class WorldLayerClasses {
 public:
  explicit WorldLayerClasses(const isla::MaterialLayers& layers);

  std::int32_t width() const { return classes_.width(); }
  std::int32_t height() const { return classes_.height(); }
  std::size_t components() const { return 1; }
  // The next row's classes (isla::kMixedSample where a sample is mixed);
  // valid, with sample(), until the next call.
  std::span<const std::uint8_t> next() { return classes_.next(); }
  // A mixed sample's layers' bytes at world column x of that row (the
  // last column beyond it).
  const std::uint8_t* sample(std::int64_t x) const {
    return &samples_[static_cast<std::size_t>(std::min<std::int64_t>(x, width() - 1)) * layers_];
  }

 private:
  std::size_t layers_;
  std::vector<std::uint8_t> samples_;  // width x layers, set at mixed samples
  LatticeRows<std::uint8_t, PatchLayerClasses> classes_;
};

}  // namespace isla_png
