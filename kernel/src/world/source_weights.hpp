// SPDX-License-Identifier: MIT
// One source's layer weights as exact integers: a sample's class (its
// water body, else its biome, as the mapping's layer) counted over the box
// of half-side `radius` around it (the source's edge samples repeated
// beyond it), then the road's weight laid on top. Layer l weighs
// numerator_l / denominator() of 255; the numerators of a sample sum to
// 255 x denominator(), whatever rectangle they are computed in, so borders
// and rows agree to the bit. Internal to the kernel.
#pragma once

#include <cstdint>
#include <span>

#include "isla/world/material_layers.hpp"
#include "road_footprint.hpp"

namespace isla {

class SourceWeights {
 public:
  SourceWeights(const World& world, std::size_t source, const LayerMapping& mapping, std::int32_t radius);

  std::uint32_t denominator() const { return static_cast<std::uint32_t>((2 * radius_ + 1) * (2 * radius_ + 1)); }
  std::int32_t mapSize() const { return mapSize_; }

  // Rows [z0, z1) by columns [x0, x1), row-major, layers() numerators a
  // sample, into `out`.
  void numerators(std::int32_t z0, std::int32_t z1, std::int32_t x0, std::int32_t x1,
                  std::span<std::uint32_t> out) const;

 private:
  std::uint8_t biomeLayer(std::uint8_t ordinal) const;

  const Raster& biomes_;
  const Raster* waterIds_;
  const LayerMapping& mapping_;
  std::size_t layers_;
  std::int32_t radius_;
  std::int32_t mapSize_;
  RoadFootprint roads_;
};

}  // namespace isla
