// SPDX-License-Identifier: MIT
// A blueprint grid as a PNG, pixel (x, y) at image column x, row y (= world
// z, north up), its rows read through RasterRows.
#pragma once

#include <algorithm>
#include <filesystem>
#include <functional>
#include <vector>

#include <isla/base/interrupt.hpp>
#include <isla/model/raster.hpp>
#include <isla/publish/file_writer.hpp>

#include "png_encoder.hpp"
#include "raster_rows.hpp"

namespace isla_png {

inline ImageHeader gridHeader(const isla::Raster& raster, PixelFormat format, int compression) {
  ImageHeader header;
  header.width = header.height = static_cast<std::uint32_t>(raster.mapSize());
  header.format = format;
  header.compression = compression;
  return header;
}

// `pixel(value, out)` writes one pixel's bytes.
template <class T, class Pixel>
void writeGridImage(const std::filesystem::path& path, const isla::Raster& raster, const ImageHeader& header,
                    Pixel pixel, const std::function<void()>& rowWritten) {
  const std::int32_t n = raster.mapSize();
  RasterRows<T> rows(raster);
  isla::FileWriter file = isla::FileWriter::create(path);
  {
    PngEncoder png(file, header);
    const std::size_t rowBytes = png.rowBytes();
    const std::size_t pixelBytes = rowBytes / static_cast<std::size_t>(n);
    std::vector<std::uint8_t> bytes(rowBytes);
    for (std::int32_t y = 0; y < n; ++y) {
      if (y % 256 == 0) isla::checkInterrupted();
      const std::span<const T> row = rows.row(y);
      for (std::size_t x = 0; x < row.size(); ++x) pixel(row[x], &bytes[x * pixelBytes]);
      png.writeRow(bytes);
      rowWritten();
    }
  }
  file.close();
}

}  // namespace isla_png
