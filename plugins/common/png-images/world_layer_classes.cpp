// SPDX-License-Identifier: MIT
#include "world_layer_classes.hpp"

#include <cstring>

namespace isla_png {

PatchLayerClasses::PatchLayerClasses(isla::LayerRows rows, std::int64_t column, std::vector<std::uint8_t>& worldSamples,
                                     std::size_t layers)
    : rows_(std::move(rows)), offset_(static_cast<std::size_t>(column) * layers), worldSamples_(&worldSamples),
      layers_(layers) {}

namespace {

// The first mixed sample in [at, end), or end: memchr, as a row has a few among thousands of whole ones.
const std::uint8_t* nextMixed(const std::uint8_t* at, const std::uint8_t* end) {
  const void* found = std::memchr(at, isla::kMixedSample, static_cast<std::size_t>(end - at));
  return found ? static_cast<const std::uint8_t*>(found) : end;
}

}  // namespace

std::span<const std::uint8_t> PatchLayerClasses::row(std::int32_t z) {
  const isla::CompactLayerRow row = rows_.compactRow(z);
  const std::uint8_t* classes = row.classes.data();
  const std::uint8_t* end = classes + row.classes.size();
  for (const std::uint8_t* at = nextMixed(classes, end); at != end; at = nextMixed(at + 1, end)) {
    const auto x = static_cast<std::size_t>(at - classes) * layers_;
    std::memcpy(worldSamples_->data() + offset_ + x, &row.samples[x], layers_);
  }
  return row.classes;
}

WorldLayerClasses::WorldLayerClasses(const isla::MaterialLayers& layers)
    : layers_(layers.count()),
      samples_(static_cast<std::size_t>(worldSamples(layers.world()).first) * layers_),
      classes_(layers.world(), 1, [this, &layers](std::size_t patch) {
        const isla::World& world = layers.world();
        return PatchLayerClasses(layers.rows(patch), gridColumn(world, world.patches[patch]), samples_, layers_);
      }) {}

}  // namespace isla_png
