// SPDX-License-Identifier: MIT
// One source's layer weights as exact integers: a sample's class (its
// water body, else its biome, as the mapping's layer) counted over the box
// of half-side `radius` around it (the source's edge samples repeated
// beyond it), then the road's weight laid on top. Layer l weighs
// numerator_l / denominator() of 255; the numerators of a sample sum to
// 255 x denominator(), whatever rectangle they are computed in, so borders
// and rows agree to the bit. Internal to the kernel.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "isla/world/material_layers.hpp"
#include "material_layers_band.hpp"
#include "road_footprint.hpp"

namespace isla {

class SourceWeights {
 public:
  SourceWeights(const World& world, std::size_t source, const LayerMapping& mapping, std::int32_t radius,
                double waterFadeM);

  std::uint32_t denominator() const { return static_cast<std::uint32_t>((2 * radius_ + 1) * (2 * radius_ + 1)); }
  std::int32_t mapSize() const { return mapSize_; }

  // Rows [z0, z1) by columns [x0, x1), row-major, layers() numerators a
  // sample, into `out`.
  void numerators(std::int32_t z0, std::int32_t z1, std::int32_t x0, std::int32_t x1,
                  std::span<std::uint32_t> out) const;
  // Moves the share of sample (x, z)'s water weight that its depth does not
  // reach (water_fade_m) to its biome layer, in `values` (a sample's
  // numerators as doubles); nothing when fading is off or no water weighs.
  void fadeWater(std::int32_t x, std::int32_t z, std::span<double> values) const;
  // The same samples' numerators, faded, quantised (quantiseWeights), of
  // rows [z0, z1) by the block's columns: a sample of one layer whole as
  // that layer in classes[k * rowStride + x - x0], another as kMixedSample
  // and its layers() bytes in the block's list.
  void weights(std::int32_t z0, std::int32_t z1, LayerBand::Block& block, std::span<std::uint8_t> classes,
               std::size_t rowStride) const;

 private:
  // The box's class of every sample of the rectangle and its halo, as the mapping's layer, row-major.
  std::vector<std::uint8_t> haloClasses(std::int32_t z0, std::int32_t z1, std::int32_t x0, std::int32_t x1) const;
  // visit(k, boxes, road, sumsAt) for each row k of the rectangle: each
  // sample's box as its one class or kMixed, its road weight, and
  // sumsAt(x), the counts a layer of sample x's box (valid until the next
  // call), asked for in increasing x.
  template <class Visit>
  void visitBoxes(std::int32_t z0, std::int32_t z1, std::int32_t x0, std::int32_t x1, Visit&& visit) const;
  // A sample whose box is not one class alone: its counts with the road
  // laid on top, the water faded, quantised into its L bytes.
  void mixedSample(std::int32_t x, std::int32_t z, const std::uint32_t* sums, std::uint8_t onRoad,
                   std::uint8_t* sample) const;
  // The numerators of a sample's box counts with the road laid on top.
  void withRoad(const std::uint32_t* sums, std::uint8_t onRoad, std::uint32_t* out) const;

  const Raster& biomes_;
  const Raster* waterIds_;
  const Raster& heights_;
  std::vector<float> waterLevels_;  // raw, by body id; NaN: no level (the footprint stays hard)
  double waterFadeRaw_;              // water_fade_m in raw height units; 0: off
  const LayerMapping& mapping_;
  std::array<std::uint8_t, kBiomeClasses> biomeLayers_{};  // by ordinal; 0xff: none
  std::size_t layers_;
  std::int32_t radius_;
  std::int32_t mapSize_;
  RoadFootprint roads_;
};

}  // namespace isla
