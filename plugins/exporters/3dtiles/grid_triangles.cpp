// SPDX-License-Identifier: MIT
#include "grid_triangles.hpp"

namespace isla_3dtiles {

std::vector<std::uint32_t> gridTriangles(std::uint64_t width, const isla_gltf::IndexPart& band) {
  std::vector<std::uint32_t> out;
  out.reserve(band.indexCount);
  for (std::uint64_t north = 0; north + width < band.vertexCount; north += width) {
    for (std::uint64_t x = 0; x + 1 < width; ++x) {
      const auto nw = static_cast<std::uint32_t>(north + x), ne = nw + 1;
      const auto sw = static_cast<std::uint32_t>(nw + width), se = sw + 1;
      out.insert(out.end(), {sw, se, nw, se, ne, nw});
    }
  }
  return out;
}

const StoredTriangles& GridTriangles::band(std::uint64_t width, const isla_gltf::IndexPart& band) {
  const std::lock_guard lock(mutex_);
  const auto [found, fresh] = bands_.try_emplace({width, band.vertexCount});
  if (fresh) found->second = storeTriangles(gridTriangles(width, band), band.vertexCount, band.shortIndices, compress_);
  return found->second;
}

}  // namespace isla_3dtiles
