// SPDX-License-Identifier: MIT
#include "chunk_mesh.hpp"

#include <isla/world/vertex_normal.hpp>
#include <meshoptimizer.h>

#include <algorithm>

namespace isla_gltf {

namespace {

MeshLevel fullLevel(const isla::World& world, const isla::Patch& patch, const ChunkCells& chunk,
                    const PatchBand& band) {
  const double spacing = world.settings.spacingM;
  const auto nx = static_cast<std::uint32_t>(chunk.x1 - chunk.x0 + 1);
  const auto nz = static_cast<std::uint32_t>(chunk.z1 - chunk.z0 + 1);
  MeshLevel level;
  level.positions.reserve(std::size_t{nx} * nz * 3);
  level.normals.reserve(std::size_t{nx} * nz * 3);
  level.uvs.reserve(std::size_t{nx} * nz * 2);
  for (std::int32_t z = chunk.z0; z <= chunk.z1; ++z) {
    const isla::RowsAround rows{band.row(std::max(z - 1, 0)), band.row(z),
                                band.row(std::min(z + 1, patch.pointsZ - 1))};
    for (std::int32_t x = chunk.x0; x <= chunk.x1; ++x) {
      const isla::Normal normal = isla::vertexNormal(world, patch, x, z, rows);
      level.positions.insert(level.positions.end(), {static_cast<float>((x - chunk.x0) * spacing),
                                                     rows.here[static_cast<std::size_t>(x)],
                                                     static_cast<float>((z - chunk.z0) * spacing)});
      level.normals.insert(level.normals.end(),
                           {static_cast<float>(normal.x), static_cast<float>(normal.y), static_cast<float>(normal.z)});
      level.uvs.insert(level.uvs.end(), {static_cast<float>((x + 0.5) / patch.pointsX),
                                         static_cast<float>((z + 0.5) / patch.pointsZ)});
    }
  }
  // The contract's split of each cell, {NW, SE, NE} and {NW, SW, SE}:
  // counter-clockwise seen from +Y, so the front faces look up.
  level.indices.reserve(std::size_t{nx - 1} * (nz - 1) * 6);
  for (std::uint32_t k = 1; k < nz; ++k) {
    for (std::uint32_t m = 1; m < nx; ++m) {
      const std::uint32_t nw = (k - 1) * nx + m - 1, ne = nw + 1, sw = nw + nx, se = sw + 1;
      level.indices.insert(level.indices.end(), {nw, se, ne, nw, sw, se});
    }
  }
  return level;
}

// LOD 0 simplified to `targetIndices` with the border locked (meshoptimizer
// 0.18's meshopt_SimplifyLockBorder: a vertex on an edge of one triangle
// only, which in a chunk is its border, never moves or goes), then only the
// vertices it uses, in the order it uses them.
MeshLevel simplified(const MeshLevel& full, std::size_t targetIndices) {
  const std::size_t vertices = full.vertexCount();
  std::vector<std::uint32_t> kept(full.indices.size());
  float relativeError = 0;
  // A target error of 1 (the whole extent) lets the triangle count decide.
  kept.resize(meshopt_simplify(kept.data(), full.indices.data(), full.indices.size(), full.positions.data(), vertices,
                               3 * sizeof(float), targetIndices, 1.0f, meshopt_SimplifyLockBorder, &relativeError));
  std::vector<unsigned int> remap(vertices);
  const std::size_t used = meshopt_optimizeVertexFetchRemap(remap.data(), kept.data(), kept.size(), vertices);
  MeshLevel level;
  level.indices.resize(kept.size());
  meshopt_remapIndexBuffer(level.indices.data(), kept.data(), kept.size(), remap.data());
  level.positions.resize(used * 3);
  level.normals.resize(used * 3);
  level.uvs.resize(used * 2);
  meshopt_remapVertexBuffer(level.positions.data(), full.positions.data(), vertices, 3 * sizeof(float), remap.data());
  meshopt_remapVertexBuffer(level.normals.data(), full.normals.data(), vertices, 3 * sizeof(float), remap.data());
  meshopt_remapVertexBuffer(level.uvs.data(), full.uvs.data(), vertices, 2 * sizeof(float), remap.data());
  level.errorM = relativeError * meshopt_simplifyScale(full.positions.data(), vertices, 3 * sizeof(float));
  return level;
}

}  // namespace

std::vector<std::int32_t> chunkCuts(std::int32_t points, std::int32_t cells) {
  std::vector<std::int32_t> cuts;
  for (std::int64_t at = 0; at < points - 1; at += cells) cuts.push_back(static_cast<std::int32_t>(at));
  cuts.push_back(points - 1);
  return cuts;
}

std::vector<MeshLevel> chunkLevels(const isla::World& world, const isla::Patch& patch, const ChunkCells& chunk,
                                   const PatchBand& band, std::int32_t levels) {
  std::vector<MeshLevel> out;
  out.push_back(fullLevel(world, patch, chunk, band));
  std::size_t target = out.front().indices.size();
  for (std::int32_t k = 1; k < levels; ++k) {
    target = std::max<std::size_t>(target / 4 / 3 * 3, 3);
    out.push_back(simplified(out.front(), target));
  }
  return out;
}

}  // namespace isla_gltf
