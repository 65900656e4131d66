// SPDX-License-Identifier: MIT
// A blueprint grid as a PNG, pixel (x, y) at image column x, row y (= world
// z, north up). The grids are X outer, so an image row (fixed y) is a column
// of the grid: a band of rows is read with one run of the mapping per x and
// transposed, as the World reads HGTS.
#pragma once

#include <algorithm>
#include <filesystem>
#include <functional>
#include <vector>

#include <isla/base/interrupt.hpp>
#include <isla/model/raster.hpp>
#include <isla/publish/file_writer.hpp>

#include "png_encoder.hpp"

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
  constexpr std::int32_t kBandRows = 64;
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

}  // namespace isla_png
