// SPDX-License-Identifier: MIT
#include "source_weights.hpp"

#include <algorithm>
#include <memory>
#include <stdexcept>
#include <vector>

namespace isla {

namespace {

const Raster& biomesOf(const WorldSource& source) {
  const auto* biomes = source.role<BiomeGrid>();
  if (!biomes) throw std::runtime_error("source '" + source.id + "' has no biome classes for its material layers");
  return biomes->classes;
}

}  // namespace

SourceWeights::SourceWeights(const World& world, std::size_t source, const LayerMapping& mapping, std::int32_t radius)
    : biomes_(biomesOf(world.sources[source])),
      waterIds_(world.sources[source].role<WaterBodyIdGrid>() ? &world.sources[source].role<WaterBodyIdGrid>()->ids
                                                              : nullptr),
      mapping_(mapping),
      layers_(mapping.names.size()),
      radius_(radius),
      mapSize_(biomes_.mapSize()),
      roads_(*world.sources[source].blueprint, biomes_.mapSize(), world.settings.spacingM) {}

std::uint8_t SourceWeights::biomeLayer(std::uint8_t ordinal) const {
  const auto layer = mapping_.biomeLayer[ordinal];
  if (!layer) throw std::logic_error("a biome that occurs has no layer");  // readLayerMapping checks it
  return static_cast<std::uint8_t>(*layer);
}

void SourceWeights::numerators(std::int32_t z0, std::int32_t z1, std::int32_t x0, std::int32_t x1,
                               std::span<std::uint32_t> out) const {
  const std::size_t L = layers_;
  const std::int32_t r = radius_;
  const auto width = static_cast<std::size_t>(x1 - x0);
  const auto haloRows = static_cast<std::size_t>(z1 - z0 + 2 * r);
  const auto haloColumns = width + 2 * static_cast<std::size_t>(r);
  const auto waterLayer = static_cast<std::uint8_t>(mapping_.waterLayer.value_or(0));
  const auto clampIndex = [&](std::int64_t i) { return std::clamp<std::int64_t>(i, 0, mapSize_ - 1); };

  // The classes of the box's reach, read a grid column (fixed x) at a time:
  // the grids are X outer.
  const auto biomes = biomes_.values<std::uint8_t>();
  std::span<const LittleEndianT<std::uint16_t>> waterIds;
  if (waterIds_) waterIds = waterIds_->values<std::uint16_t>();
  std::vector<std::uint8_t> classes(haloRows * haloColumns);
  for (std::size_t c = 0; c < haloColumns; ++c) {
    const std::int64_t x = clampIndex(x0 - r + static_cast<std::int64_t>(c));
    for (std::size_t k = 0; k < haloRows; ++k) {
      const std::uint64_t at = biomes_.index(x, clampIndex(z0 - r + static_cast<std::int64_t>(k)));
      classes[k * haloColumns + c] = waterIds.empty() || waterIds[at].value() == 0 ? biomeLayer(biomes[at].value())
                                                                                   : waterLayer;
    }
  }

  // Across: each halo row's counts over the 2r + 1 columns around each output column.
  const auto across = std::make_unique_for_overwrite<std::uint16_t[]>(haloRows * width * L);
  std::vector<std::uint16_t> window(L);
  for (std::size_t k = 0; k < haloRows; ++k) {
    const std::uint8_t* row = &classes[k * haloColumns];
    std::fill(window.begin(), window.end(), std::uint16_t{0});
    for (std::size_t c = 0; c < 2 * static_cast<std::size_t>(r) + 1; ++c) ++window[row[c]];
    std::uint16_t* counts = &across[k * width * L];
    for (std::size_t x = 0; x < width; ++x) {
      if (x > 0) {
        --window[row[x - 1]];
        ++window[row[x + 2 * static_cast<std::size_t>(r)]];
      }
      for (std::size_t l = 0; l < L; ++l) counts[x * L + l] = window[l];
    }
  }

  // Down: the sums of 2r + 1 rows of counts, then the road on top.
  std::vector<std::uint32_t> sums(width * L, 0);
  for (std::size_t k = 0; k < 2 * static_cast<std::size_t>(r); ++k) {
    for (std::size_t i = 0; i < width * L; ++i) sums[i] += across[k * width * L + i];
  }
  std::vector<std::uint8_t> road(static_cast<std::size_t>(z1 - z0) * width);
  roads_.rasterise(z0, z1, x0, x1, road);
  const std::uint32_t total = denominator();
  for (std::size_t k = 0; k < static_cast<std::size_t>(z1 - z0); ++k) {
    const std::uint16_t* entering = &across[(k + 2 * static_cast<std::size_t>(r)) * width * L];
    for (std::size_t i = 0; i < width * L; ++i) sums[i] += entering[i];
    std::uint32_t* row = &out[k * width * L];
    for (std::size_t x = 0; x < width; ++x) {
      const std::uint32_t onRoad = road[k * width + x];
      for (std::size_t l = 0; l < L; ++l) row[x * L + l] = sums[x * L + l] * (255 - onRoad);
      if (onRoad != 0) row[x * L + *mapping_.roadLayer] += onRoad * total;
    }
    const std::uint16_t* leaving = &across[k * width * L];
    for (std::size_t i = 0; i < width * L; ++i) sums[i] -= leaving[i];
  }
}

}  // namespace isla
