// SPDX-License-Identifier: MIT
// A mesh's triangles as primitives with 16-bit indices where their vertices
// allow it (core glTF 2.0, half the bytes of 32-bit ones): the triangles are
// cut, in order, into parts whose vertices span at most 65 535 indices (the
// largest value, 65 535, is not allowed), each read through attribute
// accessors that start at its first vertex (the contract's grid, LOD 0, is
// cut into bands of whole rows in closed form: grid_indices.hpp); an RTIN
// level or tile content of a few thousand vertices is one part. Where the order does not cut well (a skirt's
// triangles join the first rows to the last vertices) the triangles stay one
// part of 32-bit indices.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace isla_gltf {

// The vertices 16-bit indices may span: 0 to 65 534 (65 535 is not allowed).
constexpr std::uint64_t kShortIndexSpan = 65535;

struct IndexPart {
  std::uint64_t firstIndex = 0, indexCount = 0;     // in the mesh's index stream
  std::uint64_t firstVertex = 0, vertexCount = 0;   // the vertices its attribute accessors cover
  bool shortIndices = false;                        // uint16, relative to firstVertex; else uint32, likewise

  std::uint64_t bytes() const { return indexCount * (shortIndices ? 2 : 4); }
};

// The parts of the triangles indices[first, first + count) (a multiple of 3),
// over a mesh of `vertices` vertices.
std::vector<IndexPart> indexParts(std::span<const std::uint32_t> indices, std::uint64_t first, std::uint64_t count,
                                  std::uint64_t vertices);

// Appends a part's indices, relative to its first vertex, as it stores them.
void appendPartIndices(std::vector<std::byte>& out, std::span<const std::uint32_t> indices, const IndexPart& part);

// Zero bytes up to a multiple of 4, where the next stream may be of floats.
void padToFour(std::vector<std::byte>& out);

}  // namespace isla_gltf
