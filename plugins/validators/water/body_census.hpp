// SPDX-License-Identifier: MIT
// What WBID says about each water body: pixel count, coordinate sums and
// first pixel. Kept by id for the ids that occur, never a label per pixel.
#pragma once

#include <isla/base/id_table.hpp>

#include <cstdint>
#include <limits>

namespace isla_water {

inline constexpr std::uint64_t kNoPixel = std::numeric_limits<std::uint64_t>::max();
// The WBID value of a pixel in no water body.
inline constexpr std::uint16_t kNoWater = 0;

struct BodyPixels {
  std::uint64_t pixels = 0;
  // Exact integer sums: at most 32768 x 32768^2 = 2^45, exact in a double too.
  std::uint64_t sumX = 0;
  std::uint64_t sumY = 0;
  std::uint64_t firstPixel = kNoPixel;  // element index

  double meanX() const { return static_cast<double>(sumX) / static_cast<double>(pixels); }
  double meanY() const { return static_cast<double>(sumY) / static_cast<double>(pixels); }
};

class BodyCensus {
 public:
  // The body of an id that occurs, else nullptr.
  const BodyPixels* find(std::uint16_t id) const { return bodies_.find(id); }
  bool occurs(std::uint16_t id) const { return find(id) != nullptr; }
  // visit(id, body) for every id that occurs, in increasing id.
  template <class Visit>
  void forEach(Visit visit) const {
    bodies_.forEach(visit);
  }
  // One run of `length` pixels of `id` starting at (x, y), in scan order.
  void addRun(std::uint16_t id, std::uint64_t x, std::uint64_t y, std::uint64_t length, std::uint64_t n) {
    BodyPixels& body = bodies_[id];
    if (body.pixels == 0) body.firstPixel = x * n + y;
    body.pixels += length;
    body.sumX += x * length;
    body.sumY += (2 * y + length - 1) * length / 2;  // y + (y+1) + ... + (y+length-1)
  }
  // Adds a census of later columns.
  void merge(const BodyCensus& later);

 private:
  isla::IdTable<BodyPixels> bodies_;
};

}  // namespace isla_water
