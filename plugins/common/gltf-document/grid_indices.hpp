// SPDX-License-Identifier: MIT
// The contract's grid (every sample a vertex, row by row, each cell split
// NW-SE) indexed in closed form, from its width alone: no index list is
// built to be scanned and converted. Bands of rows whose vertices fit 16-bit
// indices are each a primitive, as IndexPart has them.
//
// As triangles (glTF's default mode): each cell's {NW, SE, NE} and
// {NW, SW, SE}, as TerrainMesher lists them.
//
// As triangle strips (glTF's mode 5, core 2.0): about two indices a sample
// instead of six. A strip goes east along each row of cells, south vertex
// first and once more to start at the right parity (S0 S0 N0 S1 N1 ...
// S(w-1) N(w-1) N(w-1)), so that its triangles are the contract's,
// counter-clockwise seen from +Y: (SW, SE, NW) and (NW, SE, NE). glTF has no
// primitive restart, so rows are joined by degenerate triangles (the
// repeated vertices; gltf-validator counts them as information, not as a
// warning).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "index_parts.hpp"

namespace isla_gltf {

inline constexpr int kTriangleStrip = 5;  // glTF primitive mode

enum class GridMode { Triangles, Strip };

// The parts of a grid of `width` x `depth` samples (at least 2 x 2): bands
// of rows, as many as 16-bit indices allow (32-bit where a band of one row
// of cells does not fit them). firstIndex counts the mode's indices.
std::vector<IndexPart> gridParts(std::uint64_t width, std::uint64_t depth, GridMode mode);

// Appends a part's indices, relative to its first vertex, as it stores them.
void appendGridIndices(std::vector<std::byte>& out, std::uint64_t width, const IndexPart& part, GridMode mode);

}  // namespace isla_gltf
