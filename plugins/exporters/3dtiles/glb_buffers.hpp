// SPDX-License-Identifier: MIT
// The buffer views of a .glb, stored plain or compressed with
// EXT_meshopt_compression by meshoptimizer's encoders (its attribute codec
// for vertex streams, its triangle codec for index lists). Compressed, the
// BIN chunk (buffer 0) holds the encoded views and buffer 1 is the fallback
// buffer the extension requires: a byte length and no bytes, each view's
// place in it that of its decoded data, so the extension is required. Plain
// (compress=none), the views are the decoded bytes themselves, in buffer 0:
// the same vertices and indices, byte for byte, for tools that do not
// decode meshopt.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "gltf_document.hpp"
#include "shared_bytes.hpp"

namespace isla_3dtiles {

// The decoding filter applied to a vertex view (EXT_meshopt_compression's
// filters). A plain view holds what the filter would give.
enum class VertexFilter { None, Octahedral, Exponential };

// A triangle list as a view stores it: meshoptimizer's triangle codec's
// bytes, or (plain) the indices as that codec gives them back: it keeps
// each triangle but may begin it at another of its vertices, and both forms
// hold the same index bytes.
struct StoredTriangles {
  SharedBytes bytes;
  std::size_t count = 0;   // indices
  std::size_t stride = 2;  // 2 or 4
};
StoredTriangles storeTriangles(std::span<const std::uint32_t> indices, std::size_t vertexCount, bool shortIndices,
                               bool compress);

// A buffer view as a .glb stores it, wherever it goes in the BIN chunk: its
// bytes (meshoptimizer's codec's, or plain the decoded data) and what the
// view says of them. A tile's parts are stored so apart from their document
// (tile_parts.hpp), which numbers and places them.
struct StoredView {
  SharedBytes bytes;
  std::uint64_t decodedLength = 0, stride = 0, count = 0;
  VertexFilter filter = VertexFilter::None;
  bool triangles = false;  // an index list (storeTriangles), else vertices
};

// `count` vertices of `stride` bytes (a multiple of 4) as the filter takes them.
StoredView storeVertices(std::span<const std::byte> filterInput, std::size_t count, std::size_t stride,
                         VertexFilter filter, bool compress);
// A triangle list as storeTriangles stored it, as a view.
StoredView triangleView(const StoredTriangles& triangles);

// The BIN chunk is gathered, not copied: its pieces are the views' own
// bytes (and the zeros that align them), written one after the other.
class GlbBuffers {
 public:
  GlbBuffers(isla_gltf::GltfDocument& document, bool compress);

  // Appends a view stored in this document's form (compressed or plain),
  // whose bytes must outlive the BIN chunk; returns the buffer view.
  std::size_t add(const StoredView& view);

  // Adds the buffers to the document; returns the BIN chunk's pieces.
  const std::vector<std::span<const std::byte>>& finish();

 private:
  void alignToFour();

  isla_gltf::GltfDocument& document_;
  bool compress_;
  std::vector<std::span<const std::byte>> bin_;
  std::uint64_t binLength_ = 0;
  std::uint64_t fallbackLength_ = 0;  // compressed: the decoded views' place
};

}  // namespace isla_3dtiles
