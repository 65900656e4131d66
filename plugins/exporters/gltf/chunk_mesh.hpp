// SPDX-License-Identifier: MIT
// One chunk of a patch as a mesh and its levels of detail. LOD 0 is every
// sample of the chunk with the contract's NW-SE triangles; each next level is
// meshoptimizer's simplification of LOD 0 to a quarter of the previous
// level's triangles, with the chunk's border vertices locked, so that a
// chunk meets its neighbours at every level.
#pragma once

#include <cstdint>
#include <vector>

#include <isla/world/world.hpp>

#include "patch_band.hpp"

namespace isla_gltf {

// A chunk's samples in its patch, first and last included on both axes.
struct ChunkCells {
  std::int32_t x0 = 0, x1 = 0, z0 = 0, z1 = 0;
};

struct MeshLevel {
  std::vector<float> positions;  // x, y, z: metres east and south of the chunk's first sample; y the height
  std::vector<float> normals;    // unit, upward
  std::vector<float> uvs;        // texel centres of the patch's image, v down (glTF)
  std::vector<std::uint32_t> indices;
  double errorM = 0;  // meshoptimizer's error against LOD 0, in metres

  std::size_t vertexCount() const { return positions.size() / 3; }
};

// The samples where a patch of `points` samples is cut into chunks of `cells`
// cells: 0, cells, 2 cells, ..., points - 1 (the last chunk takes what remains).
std::vector<std::int32_t> chunkCuts(std::int32_t points, std::int32_t cells);

// `band` holds the chunk's rows and the one on either side where the patch has one.
std::vector<MeshLevel> chunkLevels(const isla::World& world, const isla::Patch& patch, const ChunkCells& chunk,
                                   const PatchBand& band, std::int32_t levels);

}  // namespace isla_gltf
