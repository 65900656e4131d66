// SPDX-License-Identifier: MIT
// Squares of the error pass that need none of its depths. Where an aligned
// block of kSide cells lies within d of a plane P (every sample), the
// plane of any triangle in it, through three corners within d of P, lies
// within d of P too, so the triangle's error is at most 2d: the range of
// the samples' heights less P's tilt. Where that range is at most the
// smallest asked error, no mesh at an asked error splits anything inside,
// and the pass can skip the block's depths: six triangles a square of side
// 2, most of the pass's.
//
// Unless a split error above it reaches the block's side: the RTIN stays
// conforming, so the split points of the block's triangles that lead to
// that side would take it too. So the pass goes depth by depth as before,
// and at each depth up to kSide a skipped (cold) block whose side now holds
// a split error above the smallest asked one turns hot: it catches up on
// the depths it skipped (its sides' shallower errors are final, and all
// within the smallest asked error, so nothing the neighbours read of it
// before could have changed their side of an asked error) and takes part
// from then on. What it then writes on its sides may heat its cold
// neighbours in turn, at the same depth. The blocks still cold after depth
// kSide are settled whole.
#pragma once

#include <cstdint>
#include <vector>

#include "height_grid.hpp"

namespace isla::mesh {

class FlatBlocks {
 public:
  static constexpr std::int32_t kSide = 4;

  // `askedM` empty (any error may be asked) or without an error above 0:
  // no block is cold.
  FlatBlocks(const HeightGrid& grid, const std::vector<double>& askedM);

  // Whether the square of side <= kSide at (x, z) lies in a cold block.
  bool cold(std::int32_t x, std::int32_t z) const {
    return blocksX_ != 0 &&
           states_[static_cast<std::size_t>(z / kSide) * blocksX_ + static_cast<std::size_t>(x / kSide)] == State::Cold;
  }

  // After the pass's triangles around the centres of the squares of side s
  // (<= kSide) outside cold blocks: turns hot every cold block with a split
  // error above the smallest asked one on its sides' points of that depth,
  // again until none does, each with `catchUp(x0, z0)` (which gives it
  // every depth below s, and those triangles of depth s).
  template <class CatchUp>
  void heat(std::int32_t s, const std::vector<float>& split, CatchUp catchUp) {
    for (bool heated = true; heated;) {
      heated = false;
      for (std::size_t b = 0; b < states_.size(); ++b) {
        if (states_[b] != State::Cold || sideError(split, b, s) <= smallestM_) continue;
        states_[b] = State::Hot;
        heated = true;
        catchUp(corner(b).x, corner(b).z);
      }
    }
  }

  // After heat(kSide): `settle(x0, z0, rangeM, sideErrorM)` for every block
  // still cold, row by row.
  template <class Settle>
  void settle(const std::vector<float>& split, Settle settle) const {
    for (std::size_t b = 0; b < states_.size(); ++b) {
      if (states_[b] == State::Cold) settle(corner(b).x, corner(b).z, ranges_[b], sideError(split, b, 1));
    }
  }

 private:
  enum class State : std::uint8_t { Full, Cold, Hot };

  GridPoint corner(std::size_t block) const {
    return {static_cast<std::int32_t>(block % blocksX_) * kSide, static_cast<std::int32_t>(block / blocksX_) * kSide};
  }
  // The largest split error on the block's sides at the points spaced
  // `step` apart from step / 2 (the midpoints of depth `step`; 1: all).
  double sideError(const std::vector<float>& split, std::size_t block, std::int32_t step) const;

  const HeightGrid& grid_;
  double smallestM_ = 0;
  std::size_t blocksX_ = 0;
  std::vector<double> ranges_;  // by block, row by row: the range of its heights less a tilt (2d)
  std::vector<State> states_;
};

}  // namespace isla::mesh
