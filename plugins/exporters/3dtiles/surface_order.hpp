// SPDX-License-Identifier: MIT
// A tile's RTIN surface (above the leaves) in the order meshoptimizer's
// codecs store in the fewest bytes: its triangles in meshoptimizer's
// strip-like vertex cache order, its vertices in the order those triangles
// first use them, so that a triangle's new vertex is mostly the next one
// and its others among the last few seen. The mesher lists vertices row by
// row and triangles down its bintree, where the triangle codec spent about
// three bytes a triangle; in this order, a little over one (docs/decisions.md,
// Compressed 3D Tiles). A leaf keeps its grid's rows (grid_triangles.hpp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace isla_3dtiles {

struct SurfaceOrder {
  std::vector<std::uint32_t> vertices;  // the surface's vertices, by their index in the mesh, in their new order
  std::vector<std::uint32_t> indices;   // its triangles, over the new order
};

// `indices`: triangles over vertices [0, vertexCount), each vertex used.
SurfaceOrder codecOrder(std::span<const std::uint32_t> indices, std::size_t vertexCount);

}  // namespace isla_3dtiles
