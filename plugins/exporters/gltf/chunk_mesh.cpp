// SPDX-License-Identifier: MIT
#include "chunk_mesh.hpp"

#include <isla/world/vertex_normal.hpp>

#include <algorithm>
#include <array>
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
    isla::appendRowNormals(world, patch, z, chunk.x0, chunk.x1, rows, normals);
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

using Normals = std::vector<std::array<float, 3>>;

// The level of `mesh`, each vertex with its sample's normal and UV. LOD 0,
// made last, takes `normals` whole: its surface is every sample in their order.
MeshLevel levelOf(isla::TerrainMesh mesh, const isla::SampleRect& chunk, Normals& normals, const ChunkUvs& uvs) {
  MeshLevel level{.positions = std::move(mesh.positions),
                  .normals = {},
                  .uvs = {},
                  .indices = std::move(mesh.indices),
                  .surfaceVertices = mesh.surfaceVertices,
                  .surfaceIndices = mesh.surfaceIndices,
                  .askedErrorM = mesh.askedErrorM,
                  .errorM = mesh.errorM};
  std::size_t gathered = 0;  // vertices before it are the chunk's grid, row by row
  if (mesh.askedErrorM == 0) {
    level.normals = std::move(normals);
    gathered = level.normals.size();
  }
  // Room for every vertex first: the skirts' normals are read from the grid's without a reallocation.
  level.normals.reserve(mesh.samples.size());
  level.uvs.reserve(mesh.samples.size() * 2);
  const std::array<float, 3>* grid = gathered != 0 ? level.normals.data() : normals.data();
  if (gathered != 0) {
    level.uvs.resize(2 * gathered);
    std::uint16_t* uv = level.uvs.data();
    for (const std::uint16_t v : uvs.v) {
      for (const std::uint16_t u : uvs.u) *uv++ = u, *uv++ = v;
    }
  }
  for (const auto& [x, z] : std::span(mesh.samples).subspan(gathered)) {
    const auto column = static_cast<std::size_t>(x - chunk.x0), row = static_cast<std::size_t>(z - chunk.z0);
    level.normals.push_back(grid[row * static_cast<std::size_t>(chunk.width()) + column]);
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
  auto normals = chunkNormals(world, patch, chunk, band);
  const ChunkUvs uvs(patch, chunk);
  // The coarsest first, so that LOD 0 can take the normals once the others have read them.
  std::vector<MeshLevel> levels(lodErrorsM.size() + 1);
  for (std::size_t k = levels.size(); k-- > 0;) {
    const double error = k == 0 ? 0 : lodErrorsM[k - 1];
    // LOD 0's triangles are written from its width alone (grid_indices.hpp).
    const isla::MeshRequest request{
        .maxErrorM = error, .skirtM = isla::skirtDepth(error, coarsest), .gridTriangles = error != 0};
    levels[k] = levelOf(mesher.mesh(request), chunk, normals, uvs);
  }
  levels[0].gridWidth = static_cast<std::size_t>(chunk.width());
  levels[0].gridMode = options.lod0Strips ? GridMode::Strip : GridMode::Triangles;
  return levels;
}

}  // namespace isla_gltf
