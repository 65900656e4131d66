// SPDX-License-Identifier: MIT
#include "flat_blocks.hpp"

#include <algorithm>
#include <limits>

#include "error_bounds.hpp"

namespace isla::mesh {

namespace {

double smallestAbove0(const std::vector<double>& askedM) {
  double smallest = 0;
  for (const double asked : askedM) {
    if (asked > 0 && (smallest == 0 || asked < smallest)) smallest = asked;
  }
  return smallest;
}

// A block's mean slope a cell along one axis, from its corners: (p, q) and
// (r, s) its two sides across that axis.
double tiltOf(const HeightGrid& grid, GridPoint p, GridPoint q, GridPoint r, GridPoint s) {
  return ((static_cast<double>(grid.at(q)) - grid.at(p)) + (static_cast<double>(grid.at(s)) - grid.at(r))) /
         (2.0 * FlatBlocks::kSide);
}

}  // namespace

FlatBlocks::FlatBlocks(const HeightGrid& grid, const std::vector<double>& askedM)
    : grid_(grid), smallestM_(smallestAbove0(askedM)) {
  if (smallestM_ == 0 || grid.cells() < kSide) return;
  blocksX_ = static_cast<std::size_t>(grid.cells() / kSide);
  ranges_.assign(blocksX_ * blocksX_, 0.0);
  states_.assign(blocksX_ * blocksX_, State::Full);
  // Only blocks wholly on the rectangle's samples: the pass gives the padding's no error.
  const auto insideX = static_cast<std::size_t>((grid.width() - 1) / kSide);
  const auto insideZ = static_cast<std::size_t>((grid.depth() - 1) / kSide);
  for (std::size_t bz = 0; bz < insideZ; ++bz) {
    for (std::size_t bx = 0; bx < insideX; ++bx) {
      const auto x0 = static_cast<std::int32_t>(bx) * kSide, z0 = static_cast<std::int32_t>(bz) * kSide;
      const double tiltX = tiltOf(grid, {x0, z0}, {x0 + kSide, z0}, {x0, z0 + kSide}, {x0 + kSide, z0 + kSide});
      const double tiltZ = tiltOf(grid, {x0, z0}, {x0, z0 + kSide}, {x0 + kSide, z0}, {x0 + kSide, z0 + kSide});
      double low = std::numeric_limits<double>::infinity(), high = -low;
      for (std::int32_t z = 0; z <= kSide; ++z) {
        const float* row = grid.row(z0 + z) + x0;
        for (std::int32_t x = 0; x <= kSide; ++x) {
          const double residual = row[x] - tiltX * x - tiltZ * z;
          low = std::min(low, residual);
          high = std::max(high, residual);
        }
      }
      const std::size_t b = bz * blocksX_ + bx;
      ranges_[b] = high - low;
      if (static_cast<double>(roundedUp(withSlack(ranges_[b]))) <= smallestM_) states_[b] = State::Cold;
    }
  }
}

double FlatBlocks::sideError(const std::vector<float>& split, std::size_t block, std::int32_t step) const {
  const GridPoint nw = corner(block);
  float error = 0;
  for (std::int32_t i = step == 1 ? 1 : step / 2; i < kSide; i += step) {
    for (const GridPoint p : {GridPoint{nw.x + i, nw.z}, GridPoint{nw.x + i, nw.z + kSide}, GridPoint{nw.x, nw.z + i},
                              GridPoint{nw.x + kSide, nw.z + i}}) {
      error = std::max(error, split[grid_.index(p)]);
    }
  }
  return error;
}

}  // namespace isla::mesh
