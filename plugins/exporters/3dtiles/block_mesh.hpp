// SPDX-License-Identifier: MIT
// The terrain of one piece of a tile (a rectangle of one patch's samples) as
// a mesh over its grid: at a leaf the contract's NW-SE triangles, above the
// leaves the kernel's mesher at the level's error.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "quadtree.hpp"
#include "world_band.hpp"

namespace isla_3dtiles {

struct GridMesh {
  std::vector<std::array<std::int32_t, 2>> samples;  // (x, z) in the patch
  std::vector<std::uint32_t> indices;                // counter-clockwise seen from above
  double errorM = 0;                                 // measured against every sample of the piece
};

// errorM 0: the contract's triangles, every sample.
GridMesh meshPiece(const Piece& piece, const WorldBand& band, double errorM);

}  // namespace isla_3dtiles
