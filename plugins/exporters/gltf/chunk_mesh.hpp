// SPDX-License-Identifier: MIT
// One chunk of a patch as a mesh at each level of detail, from the kernel's
// TerrainMesher: LOD 0 every sample of the chunk with the contract's NW-SE
// triangles, each next level the RTIN mesh within its maximum vertical
// error. With more than one level every level has skirts deep enough to
// close the gap to a neighbour at any level.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include <isla/mesh/terrain_mesher.hpp>
#include <isla/mesh/patch_band.hpp>
#include <isla/world/world.hpp>

#include "gltf_options.hpp"
#include "grid_indices.hpp"

namespace isla_gltf {

struct MeshLevel {
  std::vector<float> positions;  // x, y, z: metres east and south of the chunk's first sample; y the height
  std::vector<std::array<float, 3>> normals;  // unit, upward; a skirt vertex has its sample's
  std::vector<std::uint16_t> uvs;  // texel centres of the patch's image, v down (glTF), as texelCentreUv
  std::vector<std::uint32_t> indices;
  std::size_t surfaceVertices = 0;  // the rest are the skirts' lower vertices
  std::size_t surfaceIndices = 0;   // the rest are the skirts' triangles (LOD 0's surface has none: see gridWidth)
  // LOD 0: the contract's grid, this many vertices a row, its triangles
  // indexed in closed form in gridMode (grid_indices.hpp); else 0.
  std::size_t gridWidth = 0;
  GridMode gridMode = GridMode::Triangles;
  double askedErrorM = 0;
  double errorM = 0;  // measured against every sample of the chunk

  std::size_t vertexCount() const { return positions.size() / 3; }
  std::size_t surfaceTriangleCount() const {
    return gridWidth != 0 ? 2 * (gridWidth - 1) * (surfaceVertices / gridWidth - 1) : surfaceIndices / 3;
  }
};

// `band` holds the chunk's rows and the one on either side where the patch
// has one. The levels after LOD 0 and LOD 0's form come from `options`.
std::vector<MeshLevel> chunkLevels(const isla::World& world, const isla::Patch& patch, const isla::SampleRect& chunk,
                                   const isla::PatchBand& band, const GltfOptions& options);

}  // namespace isla_gltf
