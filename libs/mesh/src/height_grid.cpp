// SPDX-License-Identifier: MIT
#include "height_grid.hpp"

#include "isla/parallel/vector_clones.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>
#include <utility>

namespace isla::mesh {

HeightGrid::HeightGrid(const std::vector<float>& heights, std::int32_t width, std::int32_t depth)
    : width_(width),
      depth_(depth),
      cells_(static_cast<std::int32_t>(std::bit_ceil(static_cast<std::uint32_t>(std::max(width, depth) - 1)))) {
  const auto side = static_cast<std::size_t>(stride());
  const auto rowLength = static_cast<std::size_t>(width);
  heights_.resize(side * side);
  for (std::int32_t z = 0; z < stride(); ++z) {
    const float* source = heights.data() + static_cast<std::size_t>(std::min(z, depth - 1)) * rowLength;
    float* target = heights_.data() + index({0, z});
    std::copy(source, source + rowLength, target);
    std::fill(target + rowLength, target + side, source[rowLength - 1]);
  }
}

Coverage coverage(const HeightGrid& grid, GridPoint a, GridPoint b, GridPoint c) {
  const std::int32_t lastX = grid.width() - 1, lastZ = grid.depth() - 1;
  if (std::max({a.x, b.x, c.x}) <= lastX && std::max({a.z, b.z, c.z}) <= lastZ) return Coverage::Inside;
  if (std::min({a.x, b.x, c.x}) >= lastX || std::min({a.z, b.z, c.z}) >= lastZ) return Coverage::Outside;
  return Coverage::Across;
}

namespace {

// A side of a triangle that is not along a row, as x = x0 + (z - z0) * slope
// between its ends' rows: RTIN sides run along an axis or a diagonal, so the
// slope is -1, 0 or 1 and every crossing is a whole sample.
struct Side {
  std::int32_t zFirst = 0, zLast = 0, x0 = 0, z0 = 0, slope = 0;
};

Side sideOf(GridPoint p, GridPoint q) {
  return {std::min(p.z, q.z), std::max(p.z, q.z), p.x, p.z, p.z == q.z ? 0 : (q.x - p.x) / (q.z - p.z)};
}

// The largest |start + slope * i - heights[i]| over a run of a row: the
// pass's innermost loop. Long runs are vectorised (OpenMP's simd reduction
// lets GCC keep the exact max without -ffast-math; each lane computes what
// the scalar loop does, to the bit); short ones, most of the calls, stay
// inline, clear of the clone's indirect call.
ISLA_VECTOR_CLONES double longRunError(const float* heights, std::int32_t count, double start, double slope) {
  double error = 0;
#pragma omp simd reduction(max : error)
  for (std::int32_t i = 0; i < count; ++i) {
    error = std::max(error, std::abs(start + slope * i - static_cast<double>(heights[i])));
  }
  return error;
}

inline double runError(const float* heights, std::int32_t count, double start, double slope) {
  constexpr std::int32_t kLongRun = 32;
  if (count >= kLongRun) return longRunError(heights, count, start, slope);
  double error = 0;
  for (std::int32_t i = 0; i < count; ++i) {
    error = std::max(error, std::abs(start + slope * i - static_cast<double>(heights[i])));
  }
  return error;
}

}  // namespace

double triangleError(const HeightGrid& grid, GridPoint a, GridPoint b, GridPoint c) {
  const double ha = grid.at(a), hb = grid.at(b), hc = grid.at(c);
  const double ux = b.x - a.x, uz = b.z - a.z, vx = c.x - a.x, vz = c.z - a.z;
  const double det = ux * vz - uz * vx;
  const double slopeX = ((hb - ha) * vz - (hc - ha) * uz) / det;
  const double slopeZ = (ux * (hc - ha) - vx * (hb - ha)) / det;
  // A side along a row has both ends on the other two sides: only those bound a row.
  Side sides[3];
  std::size_t count = 0;
  for (const auto& [p, q] : {std::pair(a, b), std::pair(b, c), std::pair(c, a)}) {
    if (p.z != q.z) sides[count++] = sideOf(p, q);
  }
  double error = 0;
  for (std::int32_t z = std::min({a.z, b.z, c.z}), zEnd = std::max({a.z, b.z, c.z}); z <= zEnd; ++z) {
    std::int32_t first = std::numeric_limits<std::int32_t>::max(), last = std::numeric_limits<std::int32_t>::min();
    for (std::size_t k = 0; k < count; ++k) {
      const Side& side = sides[k];
      if (z < side.zFirst || z > side.zLast) continue;
      const std::int32_t x = side.x0 + (z - side.z0) * side.slope;
      first = std::min(first, x);
      last = std::max(last, x);
    }
    const double start = ha + slopeX * (first - a.x) + slopeZ * (z - a.z);
    error = std::max(error, runError(grid.row(z) + first, last - first + 1, start, slopeX));
  }
  return error;
}

}  // namespace isla::mesh
