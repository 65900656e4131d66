// SPDX-License-Identifier: MIT
#include "chunk_mesh.hpp"

#include <isla/world/vertex_normal.hpp>

#include <algorithm>
#include <array>
#include <cstring>
#include <span>

#include "texel_uv.hpp"

namespace isla_gltf {

namespace {

// Every sample's normal, row by row: computed once, shared by every level.
std::vector<std::array<float, 3>> chunkNormals(const isla::World& world, const isla::Patch& patch,
                                               const isla::SampleRect& chunk, const isla::PatchBand& band) {
  std::vector<std::array<float, 3>> normals;
  normals.reserve(static_cast<std::size_t>(chunk.width()) * static_cast<std::size_t>(chunk.depth()));
  for (std::int32_t z = chunk.z0; z <= chunk.z1; ++z) {
    const isla::RowsAround rows{band.row(std::max(z - 1, 0)), band.row(z),
                                band.row(std::min(z + 1, patch.pointsZ - 1))};
    for (std::int32_t x = chunk.x0; x <= chunk.x1; ++x) {
      const isla::Normal n = isla::vertexNormal(world, patch, x, z, rows);
      normals.push_back({static_cast<float>(n.x), static_cast<float>(n.y), static_cast<float>(n.z)});
    }
  }
  return normals;
}

// A chunk's texel-centre UVs by column and by row (see texelCentreUv), looked up for every vertex of every level.
struct ChunkUvs {
  std::vector<std::uint16_t> u, v;

  ChunkUvs(const isla::Patch& patch, const isla::SampleRect& chunk) {
    for (std::int32_t x = chunk.x0; x <= chunk.x1; ++x) u.push_back(texelCentreUv(x, patch.pointsX));
    for (std::int32_t z = chunk.z0; z <= chunk.z1; ++z) v.push_back(texelCentreUv(z, patch.pointsZ));
  }
};

MeshLevel levelOf(isla::TerrainMesh mesh, const isla::SampleRect& chunk,
                  const std::vector<std::array<float, 3>>& normals, const ChunkUvs& uvs) {
  MeshLevel level{.positions = std::move(mesh.positions),
                  .normals = {},
                  .uvs = {},
                  .indices = std::move(mesh.indices),
                  .surfaceVertices = mesh.surfaceVertices,
                  .surfaceIndices = mesh.surfaceIndices,
                  .askedErrorM = mesh.askedErrorM,
                  .errorM = mesh.errorM};
  level.normals.reserve(mesh.samples.size() * 3);
  level.uvs.reserve(mesh.samples.size() * 2);
  std::size_t gathered = 0;  // vertices before it are the chunk's grid, row by row
  if (mesh.askedErrorM == 0) {
    // LOD 0's surface is every sample in the normals' own order: copied whole.
    static_assert(sizeof(std::array<float, 3>) == 3 * sizeof(float));
    level.normals.resize(normals.size() * 3);
    std::memcpy(level.normals.data(), normals.data(), normals.size() * sizeof(normals[0]));
    for (const std::uint16_t v : uvs.v) {
      for (const std::uint16_t u : uvs.u) level.uvs.insert(level.uvs.end(), {u, v});
    }
    gathered = normals.size();
  }
  for (const auto& [x, z] : std::span(mesh.samples).subspan(gathered)) {
    const auto column = static_cast<std::size_t>(x - chunk.x0), row = static_cast<std::size_t>(z - chunk.z0);
    const auto& n = normals[row * static_cast<std::size_t>(chunk.width()) + column];
    level.normals.insert(level.normals.end(), n.begin(), n.end());
    level.uvs.insert(level.uvs.end(), {uvs.u[column], uvs.v[row]});
  }
  return level;
}

}  // namespace

std::vector<MeshLevel> chunkLevels(const isla::World& world, const isla::Patch& patch, const isla::SampleRect& chunk,
                                   const isla::PatchBand& band, const GltfOptions& options) {
  const std::vector<double>& lodErrorsM = options.lodErrorsM;
  const double coarsest = lodErrorsM.empty() ? 0 : lodErrorsM.back();
  const isla::TerrainMesher mesher(chunk, isla::rectHeights(chunk, [&](std::int32_t z) { return band.row(z); }),
                                   world.settings.spacingM, lodErrorsM);
  const auto normals = chunkNormals(world, patch, chunk, band);
  const ChunkUvs uvs(patch, chunk);
  std::vector<MeshLevel> levels;
  for (std::size_t k = 0; k <= lodErrorsM.size(); ++k) {
    const double error = k == 0 ? 0 : lodErrorsM[k - 1];
    // LOD 0 as strips is written from its vertices alone (grid_strips.hpp).
    const bool strips = error == 0 && options.lod0Strips;
    const isla::MeshRequest request{
        .maxErrorM = error, .skirtM = isla::skirtDepth(error, coarsest), .gridTriangles = !strips};
    levels.push_back(levelOf(mesher.mesh(request), chunk, normals, uvs));
    if (strips) levels.back().gridWidth = static_cast<std::size_t>(chunk.width());
  }
  return levels;
}

}  // namespace isla_gltf
