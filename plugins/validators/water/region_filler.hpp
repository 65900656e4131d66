// SPDX-License-Identifier: MIT
// 4-connected regions of one WBID id, found by scanline flood fill over a
// 1-bit-a-pixel visited bitmap (8 MiB at 8192^2) with an explicit stack:
// no label grid, no recursion.
#pragma once

#include <isla/model/raster.hpp>

#include <cstdint>
#include <span>
#include <vector>

namespace isla_water {

class RegionFiller {
 public:
  explicit RegionFiller(const isla::Raster& ids);

  // Marks every unmarked pixel 4-connected to `start` through pixels of
  // start's id; returns how many it marked (0 when start was marked). Ids
  // never share a pixel, so one bitmap serves every body.
  std::uint64_t fill(std::uint64_t start);
  bool marked(std::uint64_t index) const { return (visited_[index >> 6] >> (index & 63)) & 1u; }

 private:
  struct Seed {
    std::uint32_t x, y;
  };

  std::uint64_t index(std::uint32_t x, std::uint32_t y) const { return std::uint64_t{x} * size_ + y; }
  bool open(std::uint32_t x, std::uint32_t y, std::uint16_t id) const {
    const std::uint64_t i = index(x, y);
    return ids_[i].value() == id && !marked(i);
  }
  void mark(std::uint64_t i) { visited_[i >> 6] |= std::uint64_t{1} << (i & 63); }
  // Pushes one seed for each run of open pixels in column x, rows low..high.
  void seedRuns(std::uint32_t x, std::uint32_t low, std::uint32_t high, std::uint16_t id);

  std::span<const isla::LittleEndianT<std::uint16_t>> ids_;
  std::uint32_t size_;
  std::vector<std::uint64_t> visited_;
  std::vector<Seed> stack_;
};

}  // namespace isla_water
