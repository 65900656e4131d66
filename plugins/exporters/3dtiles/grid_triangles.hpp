// SPDX-License-Identifier: MIT
// A leaf grid's triangles as stored (glb_buffers.hpp): a band of its rows
// (isla_gltf::gridParts), each cell's two contract triangles begun where
// meshoptimizer's triangle codec takes a cell of row-ordered vertices in
// about a byte a triangle. A band of one width and one height is the same
// bytes whatever its leaf, so an export encodes each shape once (most
// leaves are whole grids of two bands) and hands the bytes to every tile.
#pragma once

#include <cstdint>
#include <map>
#include <mutex>
#include <utility>
#include <vector>

#include "glb_buffers.hpp"
#include "index_parts.hpp"

namespace isla_3dtiles {

// The triangles of `band` of a grid `width` samples wide, relative to the
// band's first vertex: for each cell, (SW, SE, NW) then (SE, NE, NW), the
// contract's (NW, SW, SE) and (NW, SE, NE).
std::vector<std::uint32_t> gridTriangles(std::uint64_t width, const isla_gltf::IndexPart& band);

class GridTriangles {
 public:
  explicit GridTriangles(bool compress) : compress_(compress) {}

  // gridTriangles(width, band) as stored. Safe from any thread; the bytes
  // live as long as this.
  const StoredTriangles& band(std::uint64_t width, const isla_gltf::IndexPart& band);

 private:
  bool compress_;
  std::mutex mutex_;
  std::map<std::pair<std::uint64_t, std::uint64_t>, StoredTriangles> bands_;  // by width and vertex count
};

}  // namespace isla_3dtiles
