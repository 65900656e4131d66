// SPDX-License-Identifier: MIT
// The quadtree over the world's samples: the world is one grid (patches
// duplicate their shared border samples), its cells counted from world
// (0, 0); the root is the smallest square of `tile` x 2^k cells that covers
// every patch, and each level halves it down to leaves of `tile` cells.
// A tile is cut into pieces, one for each patch it overlaps with an area.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <isla/world/world.hpp>

namespace isla_3dtiles {

// Samples [x0, x1] x [z0, z1] of the world grid (both ends included).
struct CellRect {
  std::int64_t x0 = 0, x1 = 0, z0 = 0, z1 = 0;

  bool hasArea() const { return x1 > x0 && z1 > z0; }
};

struct TileKey {
  std::int32_t level = 0;
  std::int64_t x = 0, z = 0;  // east and south, in tiles of its level

  std::string name() const;  // "<level>_<x>_<z>"
};

// The samples of one patch that a tile covers, in the patch's own indices.
struct Piece {
  std::size_t patch = 0;
  std::int32_t x0 = 0, x1 = 0, z0 = 0, z1 = 0;
};

class Quadtree {
 public:
  Quadtree(const isla::World& world, std::int32_t tileCells);

  std::int32_t leafLevel() const { return leafLevel_; }
  std::int64_t side(std::int32_t level) const { return rootCells_ >> level; }  // cells
  // Tiles of a level east and south that hold some of the world.
  std::int64_t columns(std::int32_t level) const;
  std::int64_t rows(std::int32_t level) const;
  CellRect rect(const TileKey& tile) const;  // clipped to the world
  std::vector<Piece> pieces(const CellRect& rect) const;

  // A patch's first sample in the world grid.
  std::int64_t patchX(std::size_t patch) const { return patchX_[patch]; }
  std::int64_t patchZ(std::size_t patch) const { return patchZ_[patch]; }
  std::int64_t worldCellsX() const { return cellsX_; }
  std::int64_t worldCellsZ() const { return cellsZ_; }

 private:
  const isla::World& world_;
  std::vector<std::int64_t> patchX_, patchZ_;
  std::int64_t cellsX_ = 0, cellsZ_ = 0, rootCells_ = 0;
  std::int32_t leafLevel_ = 0;
};

}  // namespace isla_3dtiles
