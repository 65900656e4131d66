// SPDX-License-Identifier: MIT
// Where a patch is cut into chunks (rectangles for the TerrainMesher): every
// `cells` cells from its first sample, the last chunk taking what remains.
// Chunks of 2^n cells line up with the mesher's bintree, so the level of
// each chunk is its own RTIN.
#pragma once

#include <cstdint>
#include <vector>

#include "isla/base/api.hpp"

namespace isla {

// The samples where a side of `points` samples is cut: 0, cells, 2 cells,
// ..., points - 1. Chunk k spans [cuts[k], cuts[k + 1]].
ISLA_API std::vector<std::int32_t> chunkCuts(std::int32_t points, std::int32_t cells);

}  // namespace isla
