// SPDX-License-Identifier: MIT
// A rectangle's heights on the RTIN's square grid of 2^n + 1 samples a side:
// the rectangle's own samples at the top-left, its last row and column
// repeated into the padding. Coordinates are the rectangle's (0, 0 its first
// sample); the padding is never meshed.
#pragma once

#include <cstdint>
#include <vector>

namespace isla::mesh {

struct GridPoint {
  std::int32_t x = 0, z = 0;
};

inline GridPoint midpoint(GridPoint a, GridPoint b) { return {(a.x + b.x) / 2, (a.z + b.z) / 2}; }

class HeightGrid {
 public:
  // `heights`: width x depth samples, row by row.
  HeightGrid(const std::vector<float>& heights, std::int32_t width, std::int32_t depth);

  std::int32_t cells() const { return cells_; }  // a side of the square, a power of two
  std::int32_t stride() const { return cells_ + 1; }
  std::int32_t width() const { return width_; }  // the rectangle's samples
  std::int32_t depth() const { return depth_; }
  std::size_t samples() const { return heights_.size(); }
  std::size_t index(GridPoint p) const {
    return static_cast<std::size_t>(p.z) * static_cast<std::size_t>(stride()) + static_cast<std::size_t>(p.x);
  }
  float at(GridPoint p) const { return heights_[index(p)]; }
  const float* row(std::int32_t z) const { return heights_.data() + index({0, z}); }

 private:
  std::int32_t width_, depth_, cells_;
  std::vector<float> heights_;
};

// Where a triangle lies against the rectangle: all of it on the rectangle's
// samples, all of it on the padding (it may touch the rectangle's last row
// or column), or across the rectangle's side.
enum class Coverage : std::uint8_t { Inside, Outside, Across };
Coverage coverage(const HeightGrid& grid, GridPoint a, GridPoint b, GridPoint c);

// The largest vertical distance between the plane through a, b and c and
// every sample on or inside the triangle abc (vertices on the grid, legs of
// an RTIN triangle: axis-aligned or diagonal).
double triangleError(const HeightGrid& grid, GridPoint a, GridPoint b, GridPoint c);

}  // namespace isla::mesh
