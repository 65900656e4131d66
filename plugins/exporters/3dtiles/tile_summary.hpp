// SPDX-License-Identifier: MIT
// What tileset.json says of a terrain tile once its content is written:
// first each tile's own content, then what its children add.
#pragma once

#include <cstdint>
#include <vector>

#include "box_bounds.hpp"
#include "quadtree.hpp"

namespace isla_3dtiles {

// How far a tile's geometricError stays above its children's at least: a
// millimetre, as float32 positions hold them, and what any JSON reader
// tells apart (an ulp is not: Boost.JSON 1.81 reads some decimals an ulp off).
inline constexpr double kErrorStepM = 0.001;

// A tile whose own content is within this of every sample under it ends its
// branch: its children are not written. Half a step of the stored heights
// (vertex_coding.hpp), how far the leaves' own vertices may be off: its
// descendants would show nothing more (a flat sea floor, a plane).
inline constexpr double kBranchEndM = 1.0 / 128;

struct TileSummary {
  bool exists = false;        // the tile holds some of the world
  BoxBounds bounds;           // its content and every descendant's
  double measuredErrorM = 0;  // of its own content against every sample under it
  double errorM = 0;          // its geometricError: 0 at a leaf, else above every child's
};

// A level's tiles, row by row (south) of columns (east).
struct LevelSummaries {
  std::int64_t columns = 0, rows = 0;
  std::vector<TileSummary> tiles;

  TileSummary& at(std::int64_t x, std::int64_t z) { return tiles[static_cast<std::size_t>(z * columns + x)]; }
  const TileSummary& at(std::int64_t x, std::int64_t z) const {
    return tiles[static_cast<std::size_t>(z * columns + x)];
  }
};

// Every level of the tree, no tile existing yet.
std::vector<LevelSummaries> emptySummaries(const Quadtree& tree);

// A tile from its own content: a box over its cells and the content's
// heights, its measured error.
void summarizeContent(TileSummary& tile, const CellRect& rect, double spacingM, double minHeightM, double maxHeightM,
                      double measuredErrorM);

// Once every tile's content is summarized: the tiles below one whose
// measured error is at most kBranchEndM are no longer part of the tree (it
// becomes a leaf, its geometricError 0); returns them, by level, row and
// column, for their files to go.
std::vector<TileKey> endBranches(std::vector<LevelSummaries>& levels);

// Then each tile's box takes its children's and its error rises above
// theirs, deepest level first.
void nestChildren(std::vector<LevelSummaries>& levels);

}  // namespace isla_3dtiles
