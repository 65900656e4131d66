// SPDX-License-Identifier: MIT
// What WBID says about each water body: pixel count, coordinate sums and
// first pixel. Arrays indexed by the u16 id, never a label per pixel:
// 4 x 65536 x 8 bytes = 2 MiB whatever the map size.
#pragma once

#include <cstdint>
#include <limits>
#include <vector>

namespace isla_water {

inline constexpr std::size_t kIdCount = 65536;
inline constexpr std::uint64_t kNoPixel = std::numeric_limits<std::uint64_t>::max();

struct BodyCensus {
  std::vector<std::uint64_t> pixels = std::vector<std::uint64_t>(kIdCount, 0);
  // Exact integer sums: at most 32768 x 32768^2 = 2^45, exact in a double too.
  std::vector<std::uint64_t> sumX = std::vector<std::uint64_t>(kIdCount, 0);
  std::vector<std::uint64_t> sumY = std::vector<std::uint64_t>(kIdCount, 0);
  std::vector<std::uint64_t> firstPixel = std::vector<std::uint64_t>(kIdCount, kNoPixel);  // element index

  bool occurs(std::size_t id) const { return pixels[id] != 0; }
  double meanX(std::size_t id) const {
    return static_cast<double>(sumX[id]) / static_cast<double>(pixels[id]);
  }
  double meanY(std::size_t id) const {
    return static_cast<double>(sumY[id]) / static_cast<double>(pixels[id]);
  }
  // One run of `length` pixels of `id` starting at (x, y), in scan order.
  void addRun(std::uint16_t id, std::uint64_t x, std::uint64_t y, std::uint64_t length, std::uint64_t n) {
    if (pixels[id] == 0) firstPixel[id] = x * n + y;
    pixels[id] += length;
    sumX[id] += x * length;
    sumY[id] += (2 * y + length - 1) * length / 2;  // y + (y+1) + ... + (y+length-1)
  }
  // Adds a census of later columns.
  void merge(const BodyCensus& later);
};

}  // namespace isla_water
