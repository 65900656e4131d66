// SPDX-License-Identifier: MIT
#include "glb_buffers.hpp"

#include <meshoptimizer.h>

#include <memory>
#include <mutex>
#include <stdexcept>
#include <vector>

namespace isla_3dtiles {

namespace {

constexpr const char* kMeshopt = "EXT_meshopt_compression";

const char* filterName(VertexFilter filter) {
  switch (filter) {
    case VertexFilter::Octahedral:
      return "OCTAHEDRAL";
    case VertexFilter::Exponential:
      return "EXPONENTIAL";
    case VertexFilter::None:
      break;
  }
  return "NONE";
}

constexpr std::byte kZeros[3] = {};

// The triangle codec's version 1, the one EXT_meshopt_compression specifies
// (header 0xe1); meshoptimizer 0.18 writes version 0 unless told. The
// setting is the library's, global: set once, before any encoding.
void useTriangleCodecVersion1() {
  static std::once_flag once;
  std::call_once(once, [] { meshopt_encodeIndexVersion(1); });
}

// What `encode(room, bound)` writes into room for `bound` bytes, which is
// not zeroed first: a codec's bound is several times what it writes, and
// zeroing it would map in every page of it, where a fresh page costs more
// than encoding its bytes (docs/performance.md, "Page faults").
template <class Encode>
std::vector<std::byte> encodedBytes(std::size_t bound, Encode&& encode) {
  const auto room = std::make_unique_for_overwrite<unsigned char[]>(bound);
  const std::size_t written = encode(room.get(), bound);
  const auto* first = reinterpret_cast<const std::byte*>(room.get());
  return std::vector<std::byte>(first, first + written);
}

}  // namespace

GlbBuffers::GlbBuffers(isla_gltf::GltfDocument& document, bool compress) : document_(document), compress_(compress) {
  if (compress_) document_.requireExtension(kMeshopt);
}

StoredTriangles storeTriangles(std::span<const std::uint32_t> indices, std::size_t vertexCount, bool shortIndices,
                               bool compress) {
  useTriangleCodecVersion1();
  StoredTriangles out{.bytes = {}, .count = indices.size(), .stride = shortIndices ? 2U : 4U};
  const std::size_t bound = meshopt_encodeIndexBufferBound(indices.size(), vertexCount);
  std::vector<std::byte> encoded = encodedBytes(bound, [&](unsigned char* room, std::size_t size) {
    return meshopt_encodeIndexBuffer(room, size, indices.data(), indices.size());
  });
  std::vector<std::byte> bytes;
  if (compress) {
    bytes = std::move(encoded);
  } else {
    bytes.resize(indices.size() * out.stride);
    if (meshopt_decodeIndexBuffer(bytes.data(), indices.size(), out.stride,
                                  reinterpret_cast<const unsigned char*>(encoded.data()), encoded.size()) != 0) {
      throw std::logic_error("meshoptimizer did not decode the triangles it encoded");
    }
  }
  out.bytes = SharedBytes::of(std::move(bytes));
  return out;
}

StoredView storeVertices(std::span<const std::byte> filterInput, std::size_t count, std::size_t stride,
                         VertexFilter filter, bool compress) {
  StoredView view{.bytes = {}, .decodedLength = count * stride, .stride = stride, .count = count, .filter = filter,
                  .triangles = false};
  std::vector<std::byte> bytes;
  if (compress) {
    // Held until its tile is written: exactly what was written, not the bound.
    bytes = encodedBytes(meshopt_encodeVertexBufferBound(count, stride), [&](unsigned char* room, std::size_t bound) {
      return meshopt_encodeVertexBuffer(room, bound, filterInput.data(), count, stride);
    });
  } else {
    bytes.assign(filterInput.begin(), filterInput.end());
    if (filter == VertexFilter::Octahedral) meshopt_decodeFilterOct(bytes.data(), count, stride);
    if (filter == VertexFilter::Exponential) meshopt_decodeFilterExp(bytes.data(), count, stride);
  }
  view.bytes = SharedBytes::of(std::move(bytes));
  return view;
}

StoredView triangleView(const StoredTriangles& triangles) {
  return {.bytes = triangles.bytes,
          .decodedLength = triangles.count * triangles.stride,
          .stride = triangles.stride,
          .count = triangles.count,
          .filter = VertexFilter::None,
          .triangles = true};
}

void GlbBuffers::alignToFour() {
  const std::uint64_t padding = (4 - binLength_ % 4) % 4;
  if (padding == 0) return;
  bin_.emplace_back(kZeros, padding);
  binLength_ += padding;
}

std::size_t GlbBuffers::add(const StoredView& stored) {
  alignToFour();
  const std::uint64_t offset = binLength_;
  bin_.emplace_back(stored.bytes.span());
  binLength_ += stored.bytes.size;
  // glTF gives a stride to vertex views only.
  const int target = stored.triangles ? isla_gltf::kElementArrayBuffer : isla_gltf::kArrayBuffer;
  if (!compress_) {
    boost::json::object view({{"buffer", 0}, {"byteOffset", offset}, {"byteLength", stored.decodedLength}},
                             document_.storage());
    if (!stored.triangles) view["byteStride"] = stored.stride;
    view["target"] = target;
    return document_.add("bufferViews", std::move(view));
  }
  fallbackLength_ = (fallbackLength_ + 3) / 4 * 4;
  boost::json::object view({{"buffer", 1}, {"byteOffset", fallbackLength_}, {"byteLength", stored.decodedLength}},
                           document_.storage());
  fallbackLength_ += stored.decodedLength;
  if (!stored.triangles) view["byteStride"] = stored.stride;
  view["target"] = target;
  boost::json::object compressed({{"buffer", 0},
                                  {"byteOffset", offset},
                                  {"byteLength", stored.bytes.size},
                                  {"byteStride", stored.stride},
                                  {"mode", stored.triangles ? "TRIANGLES" : "ATTRIBUTES"},
                                  {"count", stored.count}},
                                 document_.storage());
  if (stored.filter != VertexFilter::None) compressed["filter"] = filterName(stored.filter);
  view["extensions"] = {{kMeshopt, std::move(compressed)}};
  return document_.add("bufferViews", std::move(view));
}

const std::vector<std::span<const std::byte>>& GlbBuffers::finish() {
  alignToFour();
  document_.add("buffers", {{"byteLength", binLength_}});
  if (compress_) {
    document_.add("buffers", {{"byteLength", fallbackLength_}, {"extensions", {{kMeshopt, {{"fallback", true}}}}}});
  }
  return bin_;
}

}  // namespace isla_3dtiles
