// SPDX-License-Identifier: MIT
// A source's biome grid as an indexed-colour PNG whose index is the biome
// ordinal (biome_palette.hpp's colours), in the source's pixel grid, north
// up. The png exporter writes it as a layer; the mesh exporters (obj, gltf)
// write it as their terrain's texture, through the library isla_png_images.
#pragma once

#include <filesystem>
#include <functional>
#include <vector>

#include <isla/model/enum_table.hpp>
#include <isla/world/world.hpp>

namespace isla_png {

inline constexpr const char* kBiomeDirectory = "biome";

// The source's biome classes; throws std::runtime_error, naming the source,
// when no section fills the role.
const isla::Raster& biomeClasses(const isla::WorldSource& source);

void writeBiomeImage(const std::filesystem::path& path, const isla::World& world, std::size_t source,
                     const isla::EnumTable& enums, int compression, const std::function<void()>& rowWritten);

// Every source's, as <stage>/biome/<source-id>.png (the png exporter's names
// and bytes, at its default compression), for a mesh's material to refer to.
void writeBiomeImages(const std::filesystem::path& stage, const isla::World& world, const isla::EnumTable& enums);
// The same for `sources` alone (indices into World::sources): a shard's.
void writeBiomeImages(const std::filesystem::path& stage, const isla::World& world, const isla::EnumTable& enums,
                      const std::vector<std::size_t>& sources);

}  // namespace isla_png
