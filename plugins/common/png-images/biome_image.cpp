// SPDX-License-Identifier: MIT
#include "biome_image.hpp"

#include <stdexcept>
#include <isla/base/io_error.hpp>

#include "biome_palette.hpp"
#include "grid_image.hpp"

namespace isla_png {

const isla::Raster& biomeClasses(const isla::WorldSource& source) {
  const auto* biomes = source.role<isla::BiomeGrid>();
  if (!biomes) {
    throw std::runtime_error("source '" + source.id + "' has no biome classes: no section of it fills the "
                             "biome-classes role");
  }
  return biomes->classes;
}

void writeBiomeImage(const std::filesystem::path& path, const isla::World& world, std::size_t source,
                     const isla::EnumTable& enums, int compression, const std::function<void()>& rowWritten) {
  const isla::Raster& biome = biomeClasses(world.sources[source]);
  ImageHeader header = gridHeader(biome, PixelFormat::Indexed8, compression);
  header.palette = biomePalette(enums);
  writeGridImage<std::uint8_t>(path, biome, header, [](std::uint8_t ordinal, std::uint8_t* out) { *out = ordinal; },
                               rowWritten);
}

void writeBiomeImages(const std::filesystem::path& stage, const isla::World& world, const isla::EnumTable& enums) {
  std::vector<std::size_t> every(world.sources.size());
  for (std::size_t s = 0; s < every.size(); ++s) every[s] = s;
  writeBiomeImages(stage, world, enums, every);
}

void writeBiomeImages(const std::filesystem::path& stage, const isla::World& world, const isla::EnumTable& enums,
                      const std::vector<std::size_t>& sources) {
  isla::createDirectory(stage / kBiomeDirectory);
  for (const std::size_t s : sources) {
    const std::filesystem::path image = stage / kBiomeDirectory / (world.sources[s].id + ".png");
    writeBiomeImage(image, world, s, enums, kDefaultCompression, [] {});
  }
}

}  // namespace isla_png
