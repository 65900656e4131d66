// SPDX-License-Identifier: MIT
// One source's road tiers as a weight a sample, 0..255: 255 within half a
// tier's width of a polyline (and at least within half a diagonal, so the
// sample nearest every point of a road is road), falling linearly to 0 over
// the shoulder beyond. Segments are indexed by bands of rows, so a band of
// samples visits only the segments that reach it. Internal to the kernel.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "isla/model/blueprint.hpp"

namespace isla {

class RoadFootprint {
 public:
  RoadFootprint(const Blueprint& blueprint, std::int32_t mapSize, double spacingM);

  // The weights of rows [z0, z1) by columns [x0, x1), row-major, into `out`
  // ((z1 - z0) x (x1 - x0) bytes), 0 where no road reaches.
  void rasterise(std::int32_t z0, std::int32_t z1, std::int32_t x0, std::int32_t x1,
                 std::span<std::uint8_t> out) const;

 private:
  struct Segment {
    double ax, az, bx, bz;
    double core;   // samples: weight 255 within
    double reach;  // samples: weight 0 beyond
  };
  static std::uint8_t weight(const Segment& segment, double x, double z);

  std::vector<Segment> segments_;
  std::vector<std::vector<std::uint32_t>> buckets_;  // segment indices, by z / kBucketRows
};

}  // namespace isla
