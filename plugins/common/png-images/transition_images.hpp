// SPDX-License-Identifier: MIT
// The colours of the strips and corners between sources, as RGB images a
// texel a sample (image column x, row z, north up), for a mesh exporter to
// texture them with, as a source is textured with its biome image
// (biome_image.hpp): no patch of the world without colour.
//
// They blend the biome colours (biome_palette.hpp) of the source borders
// around them as the material layers blend their classes and the heights
// blend (isla::MaterialLayers): across a strip, from one source's border
// sample to the other's by the Hermite value basis (smoothstep); a corner
// as the Coons patch of the four strip ends around it, each channel clamped
// to [0, 255]. On a strip's or corner's border a texel is exactly its
// neighbour's: a source's border texel, or the strip's end. Computed here
// from the border samples' classes alone, because a shard holds only the
// sources around its own patches, and the material layers read every
// source's borders.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include <isla/model/enum_table.hpp>
#include <isla/world/world.hpp>

#include "png_encoder.hpp"

namespace isla_png {

inline constexpr const char* kTransitionDirectory = "transition";

// "transition/<patch-id>.png": where writeTransitionImages puts a strip's or corner's image.
std::string transitionImagePath(const isla::Patch& patch);
// The image that colours a patch's terrain, relative to the export: its
// source's biome image ("biome/<source-id>.png"), or its transition image.
std::string terrainImagePath(const isla::World& world, const isla::Patch& patch);

// The colours of row z of a strip or corner, a texel a sample.
std::vector<Rgb> transitionRow(const isla::World& world, std::size_t patch, const std::vector<Rgb>& palette,
                               std::int32_t z);

// The image of each strip and corner among `patches` (indices into
// World::patches; sources are skipped), into <stage>/transition/.
void writeTransitionImages(const std::filesystem::path& stage, const isla::World& world, const isla::EnumTable& enums,
                           const std::vector<std::size_t>& patches);
// The image of every strip and corner of the world.
void writeTransitionImages(const std::filesystem::path& stage, const isla::World& world, const isla::EnumTable& enums);

}  // namespace isla_png
