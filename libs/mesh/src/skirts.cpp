// SPDX-License-Identifier: MIT
#include "skirts.hpp"

#include <vector>

namespace isla::mesh {

namespace {

// The border's vertices once each, in the order that makes (p, q, p') and
// (q, q', p') face out of the rectangle: walking with the outside on the
// left seen from above, east along the north side from the north-west
// corner, south along the east side, west along the south side, north
// along the west side. The surface's vertices are row by row, so one scan
// finds every side in order.
std::vector<std::uint32_t> borderRing(const TerrainMesh& mesh, const SampleRect& rect) {
  std::vector<std::uint32_t> north, east, south, west;
  for (std::uint32_t v = 0; v < mesh.surfaceVertices; ++v) {
    const auto [x, z] = mesh.samples[v];
    if (z == rect.z0) north.push_back(v);
    if (x == rect.x1) east.push_back(v);
    if (z == rect.z1) south.push_back(v);
    if (x == rect.x0) west.push_back(v);
  }
  std::vector<std::uint32_t> ring(north);
  const auto follow = [&](const auto& side) {
    for (const std::uint32_t v : side) {
      if (ring.back() != v) ring.push_back(v);  // a corner ends one side and starts the next
    }
  };
  follow(east);
  follow(std::vector<std::uint32_t>(south.rbegin(), south.rend()));
  follow(std::vector<std::uint32_t>(west.rbegin(), west.rend()));
  return ring;  // ends at the north-west corner again, as it starts
}

}  // namespace

void addSkirts(TerrainMesh& mesh, const SampleRect& rect, double depthM) {
  const std::vector<std::uint32_t> ring = borderRing(mesh, rect);
  const auto firstLower = static_cast<std::uint32_t>(mesh.samples.size());
  // One lower vertex per border vertex, in the ring's order (the last is the first again).
  for (std::size_t i = 0; i + 1 < ring.size(); ++i) {
    const std::uint32_t v = ring[i];
    mesh.samples.push_back(mesh.samples[v]);
    const float* p = &mesh.positions[std::size_t{v} * 3];
    mesh.positions.insert(mesh.positions.end(), {p[0], static_cast<float>(static_cast<double>(p[1]) - depthM), p[2]});
  }
  const auto lowerOf = [&](std::size_t i) {
    return firstLower + static_cast<std::uint32_t>(i + 1 < ring.size() ? i : 0);
  };
  for (std::size_t i = 1; i < ring.size(); ++i) {
    const std::uint32_t p = ring[i - 1], q = ring[i], pl = lowerOf(i - 1), ql = lowerOf(i);
    mesh.indices.insert(mesh.indices.end(), {p, q, pl, q, ql, pl});
  }
}

}  // namespace isla::mesh
