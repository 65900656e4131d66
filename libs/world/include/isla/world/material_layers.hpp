// SPDX-License-Identifier: MIT
// Material layers: per sample of the World, the weights of named layers
// that an engine paints its terrain with, summing to exactly 255. A
// source's sample has one class: road (the road tiers' polylines at a width
// a tier, with a soft shoulder), else water (a water body's footprint), else
// its biome. The classes other than road are blended over a box of
// half-side blend_m / sqrt(2) (so that a sample farther than blend_m from
// every other class keeps its own whole), the road's weight laid on top.
// With water_fade_m = D above 0, the water layer's share of a source
// sample rises from 0 at the shore (depth 0 below its body's level; a
// sample in no body, 0) to all at depth D, and what it gives up goes to
// the sample's biome layer.
// Strips and corners blend the weights of the source borders around them
// as their heights blend: across a strip by the Hermite value basis
// (smoothstep), a corner as the Coons patch of its four boundaries. A
// mapping merges classes into layers and orders them.
#pragma once

#include <array>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "isla/base/api.hpp"
#include "isla/model/enum_table.hpp"
#include "isla/world/world.hpp"

namespace isla {

inline constexpr std::size_t kBiomeClasses = 256;  // BiomeGrid is U8
inline constexpr std::size_t kMaxLayers = 64;
// A sample's class in a compact row when it is not one layer whole.
inline constexpr std::uint8_t kMixedSample = 0xff;
static_assert(kMaxLayers < kMixedSample);

// Which layer each class goes to, and the layers' names in order.
struct LayerMapping {
  std::vector<std::string> names;
  std::array<std::optional<std::size_t>, kBiomeClasses> biomeLayer{};  // by biome ordinal
  std::optional<std::size_t> roadLayer;
  std::optional<std::size_t> waterLayer;
};

// The classes that occur in a world: the id of the first source each occurs in.
struct WorldClasses {
  std::array<std::optional<std::string>, kBiomeClasses> biomes{};  // by ordinal
  std::optional<std::string> roads;
  std::optional<std::string> water;
};

// Scans every source's biome, water body id and road roles. Throws
// std::runtime_error naming a source that has no biome classes.
ISLA_API WorldClasses findClasses(const World& world);

// One layer a biome that occurs, in ordinal order, named as the enum table
// names it in lower case, then "road" and "water" when they occur.
ISLA_API LayerMapping defaultLayerMapping(const WorldClasses& classes, const EnumTable& enums);

// A mapping file: {"layers": [{"name": "forest", "classes": ["Forest",
// "Jungle"]}, ...]}, layers in order, classes by the enum table's biome
// names or "road" or "water". Throws std::runtime_error naming the file,
// the key (a JSON pointer) and what to do: for bad JSON, an unknown key,
// class or name, a class given twice, a class that occurs and no layer takes.
ISLA_API LayerMapping readLayerMapping(const std::filesystem::path& file, const WorldClasses& classes,
                                       const EnumTable& enums);

// Road widths in metres, by RoadClass; the shoulder beyond each is half as
// wide again, where the road's weight falls linearly to 0.
inline constexpr std::array<double, 4> kRoadWidthM{10.0, 7.0, 5.0, 3.0};

// The most samples a box's half-side may take (blend_m / spacing / sqrt 2).
inline constexpr std::int32_t kMaxBlendSamples = 256;

class LayerRows;

// A row of weights held compact: classes[x] is the layer sample x is whole
// on (255 on it, 0 on the others), or kMixedSample, whose count() bytes
// are then samples[x * count()] (samples' other bytes are unset). Writers
// that split layers into images take the classes as they are.
struct CompactLayerRow {
  std::span<const std::uint8_t> classes;
  std::span<const std::uint8_t> samples;
};

class ISLA_API MaterialLayers {
 public:
  // Throws std::runtime_error when blend_m is more than kMaxBlendSamples
  // samples, naming the option and its limit at this spacing.
  // `waterFadeM`: water_fade_m, 0 for the water bodies' hard footprint.
  MaterialLayers(const World& world, LayerMapping mapping, double blendM, unsigned threads, double waterFadeM = 0);
  MaterialLayers(MaterialLayers&&) noexcept;
  ~MaterialLayers();

  const World& world() const;
  const std::vector<std::string>& names() const;
  std::size_t count() const { return names().size(); }
  // The box's half-side, in samples.
  std::int32_t blendSamples() const;

  // One patch's weights, a row (fixed z) at a time in increasing z: pointsX
  // samples of count() bytes, in layer order. A row stays valid until the
  // next is asked for.
  LayerRows rows(std::size_t patch) const;

  struct Impl;

 private:
  std::unique_ptr<Impl> impl_;
};

class ISLA_API LayerRows {
 public:
  LayerRows(const MaterialLayers::Impl& layers, std::size_t patch);
  LayerRows(LayerRows&&) noexcept;
  ~LayerRows();

  std::span<const std::uint8_t> row(std::int32_t z);
  // The same row compact; valid until the next row of either kind.
  CompactLayerRow compactRow(std::int32_t z);

 private:
  // Throws std::out_of_range for a row outside the patch.
  void checkRow(std::int32_t z) const;

  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// Weights (each >= 0, summing to 255 give or take rounding) as bytes summing
// to exactly 255: each rounded down, the rest given one at a time to the
// largest remainders, the first layer first on a tie.
ISLA_API void quantiseWeights(std::span<const double> weights, std::span<std::uint8_t> out);

}  // namespace isla
