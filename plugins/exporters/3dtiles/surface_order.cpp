// SPDX-License-Identifier: MIT
#include "surface_order.hpp"

#include <meshoptimizer.h>

#include <limits>

namespace isla_3dtiles {

SurfaceOrder codecOrder(std::span<const std::uint32_t> indices, std::size_t vertexCount) {
  SurfaceOrder out;
  out.indices.resize(indices.size());
  meshopt_optimizeVertexCacheStrip(out.indices.data(), indices.data(), indices.size(), vertexCount);
  std::vector<std::uint32_t> remap(vertexCount);
  const std::size_t used =
      meshopt_optimizeVertexFetchRemap(remap.data(), out.indices.data(), out.indices.size(), vertexCount);
  out.vertices.resize(used);
  for (std::size_t v = 0; v < vertexCount; ++v) {
    if (remap[v] != std::numeric_limits<std::uint32_t>::max()) out.vertices[remap[v]] = static_cast<std::uint32_t>(v);
  }
  for (std::uint32_t& index : out.indices) index = remap[index];
  return out;
}

}  // namespace isla_3dtiles
