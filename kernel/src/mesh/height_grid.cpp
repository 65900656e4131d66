// SPDX-License-Identifier: MIT
#include "height_grid.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>

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

// Widens [first, last] by where the edge pq meets row z, if it does. RTIN
// edges run along an axis or a diagonal, so the crossing is a whole sample.
void spanOfEdge(GridPoint p, GridPoint q, std::int32_t z, std::int32_t& first, std::int32_t& last) {
  if (z < std::min(p.z, q.z) || z > std::max(p.z, q.z)) return;
  if (p.z == q.z) {
    first = std::min({first, p.x, q.x});
    last = std::max({last, p.x, q.x});
    return;
  }
  const std::int32_t x = p.x + (z - p.z) * (q.x - p.x) / (q.z - p.z);
  first = std::min(first, x);
  last = std::max(last, x);
}

}  // namespace

double triangleError(const HeightGrid& grid, GridPoint a, GridPoint b, GridPoint c) {
  const double ha = grid.at(a), hb = grid.at(b), hc = grid.at(c);
  const double ux = b.x - a.x, uz = b.z - a.z, vx = c.x - a.x, vz = c.z - a.z;
  const double det = ux * vz - uz * vx;
  const double slopeX = ((hb - ha) * vz - (hc - ha) * uz) / det;
  const double slopeZ = (ux * (hc - ha) - vx * (hb - ha)) / det;
  double error = 0;
  for (std::int32_t z = std::min({a.z, b.z, c.z}), zEnd = std::max({a.z, b.z, c.z}); z <= zEnd; ++z) {
    std::int32_t first = std::numeric_limits<std::int32_t>::max(), last = std::numeric_limits<std::int32_t>::min();
    spanOfEdge(a, b, z, first, last);
    spanOfEdge(b, c, z, first, last);
    spanOfEdge(c, a, z, first, last);
    const float* row = grid.row(z);
    const double start = ha + slopeX * (first - a.x) + slopeZ * (z - a.z);
    for (std::int32_t x = first; x <= last; ++x) {
      const double distance =
          std::abs(start + slopeX * (x - first) - static_cast<double>(row[static_cast<std::size_t>(x)]));
      error = distance > error ? distance : error;
    }
  }
  return error;
}

}  // namespace isla::mesh
