// SPDX-License-Identifier: MIT
// The grids are X outer, so an image row (fixed y) is a column of the grid:
// a band of rows is read with one run of the mapping per x and transposed,
// as the World reads HGTS.
#include "source_layers.hpp"

#include <isla/fourcc.hpp>
#include <isla/interrupt.hpp>
#include <isla/model/raster.hpp>
#include <isla/publish/file_writer.hpp>

#include <algorithm>
#include <vector>

#include "biome_palette.hpp"
#include "png_encoder.hpp"

namespace isla_png {

namespace {

constexpr std::int32_t kBandRows = 64;

// `pixel(value, out)` writes one pixel's bytes.
template <class T, class Pixel>
void writeGrid(const std::filesystem::path& path, const isla::Raster& raster, const ImageHeader& header, Pixel pixel,
               const std::function<void()>& rowWritten) {
  const std::int32_t n = raster.mapSize();
  const auto values = raster.values<T>();
  isla::FileWriter file = isla::FileWriter::create(path);
  {
    PngEncoder png(file, header);
    const std::size_t rowBytes = png.rowBytes();
    const std::size_t pixelBytes = rowBytes / static_cast<std::size_t>(n);
    std::vector<std::uint8_t> band(rowBytes * kBandRows);
    for (std::int32_t first = 0; first < n; first += kBandRows) {
      isla::checkInterrupted();
      const std::int32_t rows = std::min(kBandRows, n - first);
      for (std::int32_t x = 0; x < n; ++x) {
        const auto* column = &values[raster.index(x, first)];
        for (std::int32_t k = 0; k < rows; ++k) {
          pixel(column[k].value(), &band[static_cast<std::size_t>(k) * rowBytes + static_cast<std::size_t>(x) * pixelBytes]);
        }
      }
      for (std::int32_t k = 0; k < rows; ++k) {
        png.writeRow(std::span(band).subspan(static_cast<std::size_t>(k) * rowBytes, rowBytes));
        rowWritten();
      }
    }
  }
  file.close();
}

ImageHeader headerFor(const isla::Raster& raster, PixelFormat format, int compression) {
  ImageHeader header;
  header.width = header.height = static_cast<std::uint32_t>(raster.mapSize());
  header.format = format;
  header.compression = compression;
  return header;
}

}  // namespace

std::int64_t sourceLayerRows(const isla::World& world, std::size_t source, const PngOptions& options) {
  const isla::Package& package = *world.sources[source].package;
  const bool water = package.get<isla::Raster>(isla::FourCC("WBID")) != nullptr;
  const int images = (options.biome ? 1 : 0) + (water && options.wbid ? 1 : 0) + (water && options.water ? 1 : 0);
  return std::int64_t{images} * world.mapSize;
}

void writeSourceLayers(const std::filesystem::path& stage, const isla::World& world, std::size_t source,
                       const isla::EnumTable& enums, const PngOptions& options,
                       const std::function<void()>& rowWritten) {
  const isla::Package& package = *world.sources[source].package;
  const std::string file = world.sources[source].id + ".png";
  if (options.biome) {
    const isla::Raster& biome = *package.get<isla::Raster>(isla::FourCC("BIOM"));  // mandatory
    ImageHeader header = headerFor(biome, PixelFormat::Indexed8, options.compression);
    header.palette = biomePalette(enums);
    writeGrid<std::uint8_t>(stage / "biome" / file, biome, header,
                            [](std::uint8_t ordinal, std::uint8_t* out) { *out = ordinal; }, rowWritten);
  }
  // WBID is optional: without it there is no water to draw.
  const auto* ids = package.get<isla::Raster>(isla::FourCC("WBID"));
  if (ids && options.wbid) {
    writeGrid<std::uint16_t>(stage / "wbid" / file, *ids, headerFor(*ids, PixelFormat::Gray16, options.compression),
                             [](std::uint16_t id, std::uint8_t* out) {
                               out[0] = static_cast<std::uint8_t>(id >> 8);  // big-endian
                               out[1] = static_cast<std::uint8_t>(id & 0xff);
                             },
                             rowWritten);
  }
  if (ids && options.water) {
    writeGrid<std::uint16_t>(stage / "water" / file, *ids, headerFor(*ids, PixelFormat::Gray8, options.compression),
                             [](std::uint16_t id, std::uint8_t* out) { *out = id != 0 ? 255 : 0; }, rowWritten);
  }
}

}  // namespace isla_png
