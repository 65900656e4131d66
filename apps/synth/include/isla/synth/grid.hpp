// SPDX-License-Identifier: MIT
// A MapSize x MapSize grid in blueprint pixel order: (x, y) is element
// x * size + y (X outer, Y inner), so one x is one contiguous row.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace isla::synth {

template <class T>
class Grid {
 public:
  explicit Grid(std::int32_t size, T fill = T{})
      : size_(size), cells_(static_cast<std::size_t>(size) * static_cast<std::size_t>(size), fill) {}

  std::int32_t size() const { return size_; }
  std::size_t cellCount() const { return cells_.size(); }
  std::size_t index(std::int32_t x, std::int32_t y) const {
    return static_cast<std::size_t>(x) * static_cast<std::size_t>(size_) + static_cast<std::size_t>(y);
  }
  bool contains(std::int32_t x, std::int32_t y) const { return x >= 0 && y >= 0 && x < size_ && y < size_; }

  T& operator()(std::int32_t x, std::int32_t y) { return cells_[index(x, y)]; }
  const T& operator()(std::int32_t x, std::int32_t y) const { return cells_[index(x, y)]; }
  T& operator[](std::size_t i) { return cells_[i]; }
  const T& operator[](std::size_t i) const { return cells_[i]; }

  std::span<T> row(std::int32_t x) {
    return std::span(cells_).subspan(index(x, 0), static_cast<std::size_t>(size_));
  }
  std::span<const T> row(std::int32_t x) const {
    return std::span(cells_).subspan(index(x, 0), static_cast<std::size_t>(size_));
  }
  // The elements in host byte order (the sections check it is little-endian).
  std::span<const std::byte> bytes() const { return std::as_bytes(std::span(cells_)); }

 private:
  std::int32_t size_;
  std::vector<T> cells_;
};

// A pixel's centre in map widths: the coordinate every noise field takes.
inline double mapCoordinate(std::int32_t pixel, std::int32_t mapSize) {
  return (static_cast<double>(pixel) + 0.5) / static_cast<double>(mapSize);
}

// The slope at a pixel in raw height per map width (central differences,
// one-sided on the border), so that one seed's slopes read alike at every
// MapSize.
inline double slopeAt(const Grid<float>& heights, std::int32_t x, std::int32_t y) {
  const std::int32_t last = heights.size() - 1;
  const std::int32_t west = std::max(x - 1, 0), east = std::min(x + 1, last);
  const std::int32_t south = std::max(y - 1, 0), north = std::min(y + 1, last);
  const double gx = (heights(east, y) - heights(west, y)) / static_cast<double>(east - west);
  const double gy = (heights(x, north) - heights(x, south)) / static_cast<double>(north - south);
  return std::sqrt(gx * gx + gy * gy) * heights.size();
}

}  // namespace isla::synth
