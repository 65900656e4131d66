// SPDX-License-Identifier: MIT
#include "source_layers.hpp"

#include <algorithm>

#include <isla/base/fourcc.hpp>

#include "biome_image.hpp"
#include "grid_image.hpp"

namespace isla_png {

bool anyWaterIds(const isla::World& world) {
  return std::any_of(world.sources.begin(), world.sources.end(),
                     [](const isla::WorldSource& source) { return source.role<isla::WaterBodyIdGrid>() != nullptr; });
}

std::int64_t sourceLayerRows(const isla::World& world, std::size_t source, const PngOptions& options) {
  const bool water = world.sources[source].role<isla::WaterBodyIdGrid>() != nullptr;
  const int images = (options.biome ? 1 : 0) + (water && options.wbid ? 1 : 0) + (water && options.water ? 1 : 0);
  return std::int64_t{images} * world.mapSize;
}

void writeSourceLayers(const std::filesystem::path& stage, const isla::World& world, std::size_t source,
                       const isla::EnumTable& enums, const PngOptions& options,
                       const std::function<void()>& rowWritten) {
  const std::string file = world.sources[source].id + ".png";
  if (options.biome) {
    writeBiomeImage(stage / "biome" / file, world, source, enums, options.compression, rowWritten);
  }
  // The water body ids are optional: without them there is no water to draw.
  const auto* idGrid = world.sources[source].role<isla::WaterBodyIdGrid>();
  const isla::Raster* ids = idGrid ? &idGrid->ids : nullptr;
  if (ids && options.wbid) {
    writeGridImage<std::uint16_t>(stage / "wbid" / file, *ids,
                                  gridHeader(*ids, PixelFormat::Gray16, options.compression),
                                  [](std::uint16_t id, std::uint8_t* out) {
                                    out[0] = static_cast<std::uint8_t>(id >> 8);  // big-endian
                                    out[1] = static_cast<std::uint8_t>(id & 0xff);
                                  },
                                  rowWritten);
  }
  if (ids && options.water) {
    writeGridImage<std::uint16_t>(stage / "water" / file, *ids,
                                  gridHeader(*ids, PixelFormat::Gray8, options.compression),
                                  [](std::uint16_t id, std::uint8_t* out) { *out = id != 0 ? 255 : 0; }, rowWritten);
  }
}

}  // namespace isla_png
