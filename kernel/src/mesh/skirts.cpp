// SPDX-License-Identifier: MIT
#include "skirts.hpp"

#include <algorithm>
#include <map>

namespace isla::mesh {

namespace {

// A side's border vertices in the order that makes (p, q, p') and
// (q, q', p') face out of the rectangle: walking with the outside on the
// left seen from above (east along the north side, south along the east
// side, west along the south side, north along the west side).
std::vector<std::uint32_t> sideVertices(const TerrainMesh& mesh, const SampleRect& rect, int side) {
  std::vector<std::pair<std::int32_t, std::uint32_t>> along;  // walking coordinate, vertex
  for (std::uint32_t v = 0; v < mesh.surfaceVertices; ++v) {
    const auto [x, z] = mesh.samples[v];
    switch (side) {
      case 0: if (z == rect.z0) along.emplace_back(x, v); break;
      case 1: if (x == rect.x1) along.emplace_back(z, v); break;
      case 2: if (z == rect.z1) along.emplace_back(-x, v); break;
      default: if (x == rect.x0) along.emplace_back(-z, v); break;
    }
  }
  std::sort(along.begin(), along.end());
  std::vector<std::uint32_t> vertices;
  for (const auto& [at, v] : along) vertices.push_back(v);
  return vertices;
}

}  // namespace

void addSkirts(TerrainMesh& mesh, const SampleRect& rect, double depthM) {
  std::map<std::uint32_t, std::uint32_t> lower;  // border vertex -> its skirt vertex
  const auto lowerOf = [&](std::uint32_t v) {
    const auto [at, added] = lower.emplace(v, static_cast<std::uint32_t>(mesh.samples.size()));
    if (added) {
      mesh.samples.push_back(mesh.samples[v]);
      const float* p = &mesh.positions[std::size_t{v} * 3];
      mesh.positions.insert(mesh.positions.end(),
                            {p[0], static_cast<float>(static_cast<double>(p[1]) - depthM), p[2]});
    }
    return at->second;
  };
  for (int side = 0; side < 4; ++side) {
    const std::vector<std::uint32_t> border = sideVertices(mesh, rect, side);
    for (std::size_t i = 1; i < border.size(); ++i) {
      const std::uint32_t p = border[i - 1], q = border[i];
      const std::uint32_t pl = lowerOf(p), ql = lowerOf(q);
      mesh.indices.insert(mesh.indices.end(), {p, q, pl, q, ql, pl});
    }
  }
}

}  // namespace isla::mesh
