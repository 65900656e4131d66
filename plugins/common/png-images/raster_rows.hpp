// SPDX-License-Identifier: MIT
// The rows (fixed y) of a blueprint grid, which is X outer: a row is a
// column of the grid, so rows are read a band at a time, one run of the
// mapping per x, and transposed, walking the mapping forward as the World
// reads HGTS (kernel/src/world/patch_rows.cpp). Reading a row pixel by pixel
// instead touches a page per pixel, and the more the larger the map: at
// 32768² a row's lines and page-table entries no longer fit in the caches
// (issue 27).
#pragma once

#include <algorithm>
#include <cstdint>
#include <span>
#include <vector>

#include <isla/model/raster.hpp>

namespace isla_png {

template <class T>
class RasterRows {
 public:
  // A band's rows: a run of 64 bytes or more per x, a whole cache line.
  static constexpr std::int32_t kBandRows = 64;

  explicit RasterRows(const isla::Raster& raster) : raster_(raster), size_(raster.mapSize()) {}

  // Row y, mapSize() values; valid until a row of another band is asked for.
  std::span<const T> row(std::int32_t y) {
    if (y < first_ || y >= first_ + rows_) load(y);
    const auto width = static_cast<std::size_t>(size_);
    return std::span<const T>(band_).subspan(static_cast<std::size_t>(y - first_) * width, width);
  }

 private:
  // Runs this many columns ahead are prefetched: no hardware prefetcher
  // follows a stream a page apart per column.
  static constexpr std::int32_t kPrefetchColumns = 16;

  void load(std::int32_t first) {
    const auto values = raster_.values<T>();
    const auto width = static_cast<std::size_t>(size_);
    rows_ = std::min(kBandRows, size_ - first);
    band_.resize(static_cast<std::size_t>(rows_) * width);
    for (std::int32_t x = 0; x < size_; ++x) {
      if (x + kPrefetchColumns < size_) {
        const auto* ahead = &values[raster_.index(x + kPrefetchColumns, first)];
        __builtin_prefetch(ahead);
        __builtin_prefetch(ahead + rows_ - 1);  // a run of two lines or three
      }
      const auto* column = &values[raster_.index(x, first)];
      for (std::int32_t k = 0; k < rows_; ++k) {
        band_[static_cast<std::size_t>(k) * width + static_cast<std::size_t>(x)] = column[k].value();
      }
    }
    first_ = first;
  }

  const isla::Raster& raster_;
  std::int32_t size_;
  std::int32_t first_ = 0;
  std::int32_t rows_ = 0;
  std::vector<T> band_;  // rows_ rows from first_, row-major
};

}  // namespace isla_png
