// SPDX-License-Identifier: MIT
#include "glb_buffers.hpp"

#include <meshoptimizer.h>

#include <mutex>
#include <stdexcept>

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

void padToFour(std::vector<std::byte>& bytes) { bytes.resize((bytes.size() + 3) / 4 * 4, std::byte{0}); }

// The triangle codec's version 1, the one EXT_meshopt_compression specifies
// (header 0xe1); meshoptimizer 0.18 writes version 0 unless told. The
// setting is the library's, global: set once, before any encoding.
void useTriangleCodecVersion1() {
  static std::once_flag once;
  std::call_once(once, [] { meshopt_encodeIndexVersion(1); });
}

}  // namespace

GlbBuffers::GlbBuffers(isla_gltf::GltfDocument& document, bool compress) : document_(document), compress_(compress) {
  if (compress_) document_.requireExtension(kMeshopt);
}

StoredTriangles storeTriangles(std::span<const std::uint32_t> indices, std::size_t vertexCount, bool shortIndices,
                               bool compress) {
  useTriangleCodecVersion1();
  StoredTriangles out{.bytes = {}, .count = indices.size(), .stride = shortIndices ? 2U : 4U};
  std::vector<unsigned char> encoded(meshopt_encodeIndexBufferBound(indices.size(), vertexCount));
  encoded.resize(meshopt_encodeIndexBuffer(encoded.data(), encoded.size(), indices.data(), indices.size()));
  if (compress) {
    out.bytes.assign(std::as_bytes(std::span(encoded)).begin(), std::as_bytes(std::span(encoded)).end());
    return out;
  }
  out.bytes.resize(indices.size() * out.stride);
  if (meshopt_decodeIndexBuffer(out.bytes.data(), indices.size(), out.stride, encoded.data(), encoded.size()) != 0) {
    throw std::logic_error("meshoptimizer did not decode the triangles it encoded");
  }
  return out;
}

std::size_t GlbBuffers::vertexView(std::span<const std::byte> filterInput, std::size_t count, std::size_t stride,
                                   VertexFilter filter) {
  if (compress_) {
    // Grown, never shrunk, and never cleared: the codec writes what it returns.
    const std::size_t bound = meshopt_encodeVertexBufferBound(count, stride);
    if (encoded_.size() < bound) encoded_.resize(bound);
    const std::size_t size = meshopt_encodeVertexBuffer(encoded_.data(), bound, filterInput.data(), count, stride);
    return addView(std::as_bytes(std::span(encoded_).first(size)), count * stride, stride, "ATTRIBUTES", count, filter,
                   isla_gltf::kArrayBuffer);
  }
  std::vector<std::byte> decoded(filterInput.begin(), filterInput.end());
  if (filter == VertexFilter::Octahedral) meshopt_decodeFilterOct(decoded.data(), count, stride);
  if (filter == VertexFilter::Exponential) meshopt_decodeFilterExp(decoded.data(), count, stride);
  return addView(decoded, decoded.size(), stride, "ATTRIBUTES", count, filter, isla_gltf::kArrayBuffer);
}

std::size_t GlbBuffers::triangleView(const StoredTriangles& triangles) {
  return addView(triangles.bytes, triangles.count * triangles.stride, triangles.stride, "TRIANGLES", triangles.count,
                 VertexFilter::None, isla_gltf::kElementArrayBuffer);
}

std::size_t GlbBuffers::addView(std::span<const std::byte> stored, std::size_t decodedLength, std::size_t stride,
                                const char* mode, std::size_t count, VertexFilter filter, int target) {
  padToFour(bin_);
  const std::uint64_t offset = bin_.size();
  bin_.insert(bin_.end(), stored.begin(), stored.end());
  // glTF gives a stride to vertex views only.
  const bool vertices = target == isla_gltf::kArrayBuffer;
  if (!compress_) {
    boost::json::object view{{"buffer", 0}, {"byteOffset", offset}, {"byteLength", decodedLength}};
    if (vertices) view["byteStride"] = stride;
    view["target"] = target;
    return document_.add("bufferViews", std::move(view));
  }
  fallbackLength_ = (fallbackLength_ + 3) / 4 * 4;
  boost::json::object view{{"buffer", 1}, {"byteOffset", fallbackLength_}, {"byteLength", decodedLength}};
  fallbackLength_ += decodedLength;
  if (vertices) view["byteStride"] = stride;
  view["target"] = target;
  boost::json::object compressed{{"buffer", 0},         {"byteOffset", offset}, {"byteLength", stored.size()},
                                 {"byteStride", stride}, {"mode", mode},        {"count", count}};
  if (filter != VertexFilter::None) compressed["filter"] = filterName(filter);
  view["extensions"] = {{kMeshopt, std::move(compressed)}};
  return document_.add("bufferViews", std::move(view));
}

const std::vector<std::byte>& GlbBuffers::finish() {
  padToFour(bin_);
  document_.add("buffers", {{"byteLength", bin_.size()}});
  if (compress_) {
    document_.add("buffers", {{"byteLength", fallbackLength_}, {"extensions", {{kMeshopt, {{"fallback", true}}}}}});
  }
  return bin_;
}

}  // namespace isla_3dtiles
