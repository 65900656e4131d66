// SPDX-License-Identifier: MIT
// The meshes of neighbouring chunks, in a patch and across patches, at every
// pair of levels: along their shared side, sampled eight times a cell, the
// higher surface's skirt reaches down to the lower surface, so that seen
// from above no opening shows between them. Nothing is rendered.
#include <boost/test/unit_test.hpp>

#include <array>
#include <cmath>
#include <vector>

#include <isla/mesh/chunk_cuts.hpp>
#include <isla/mesh/terrain_mesher.hpp>

#include "mesh_geometry.hpp"
#include "world_fixture.hpp"

namespace isla::test {
namespace {

constexpr std::array<double, 4> kLevelErrors{0, 0.25, 1, 4};
constexpr std::int32_t kChunkCells = 48;

struct Chunk {
  std::size_t patch = 0;
  SampleRect rect;
  double minX = 0, minZ = 0, maxX = 0, maxZ = 0;  // world metres
  std::vector<TerrainMesh> levels;
};

std::vector<Chunk> meshWorld(const World& world) {
  const double spacing = world.settings.spacingM;
  std::vector<Chunk> chunks;
  for (std::size_t p = 0; p < world.patches.size(); ++p) {
    const Patch& patch = world.patches[p];
    const auto rows = patchHeights(world, p);
    const auto xs = chunkCuts(patch.pointsX, kChunkCells), zs = chunkCuts(patch.pointsZ, kChunkCells);
    for (std::size_t j = 0; j + 1 < zs.size(); ++j) {
      for (std::size_t i = 0; i + 1 < xs.size(); ++i) {
        Chunk chunk{p, {xs[i], zs[j], xs[i + 1], zs[j + 1]}, 0, 0, 0, 0, {}};
        chunk.minX = patch.originX + xs[i] * spacing, chunk.maxX = patch.originX + xs[i + 1] * spacing;
        chunk.minZ = patch.originZ + zs[j] * spacing, chunk.maxZ = patch.originZ + zs[j + 1] * spacing;
        const auto row = [&](std::int32_t z) { return std::span<const float>(rows.at(static_cast<std::size_t>(z))); };
        const TerrainMesher mesher(chunk.rect, rectHeights(chunk.rect, row), spacing);
        for (const double error : kLevelErrors) {
          chunk.levels.push_back(mesher.mesh({.maxErrorM = error, .skirtM = skirtDepth(error, kLevelErrors.back())}));
        }
        chunks.push_back(std::move(chunk));
      }
    }
  }
  return chunks;
}

bool same(double a, double b) { return std::abs(a - b) < 1e-6; }

struct Seam {
  std::size_t a = 0, b = 0;
  Side sideOfA = Side::East;  // b lies east or south of a
  double from = 0, to = 0;    // the shared stretch, world metres along it
};

std::vector<Seam> seams(const std::vector<Chunk>& chunks) {
  std::vector<Seam> found;
  for (std::size_t a = 0; a < chunks.size(); ++a) {
    for (std::size_t b = 0; b < chunks.size(); ++b) {
      const Chunk &ca = chunks[a], &cb = chunks[b];
      if (same(ca.maxX, cb.minX)) {
        const double from = std::max(ca.minZ, cb.minZ), to = std::min(ca.maxZ, cb.maxZ);
        if (to > from) found.push_back({a, b, Side::East, from, to});
      }
      if (same(ca.maxZ, cb.minZ)) {
        const double from = std::max(ca.minX, cb.minX), to = std::min(ca.maxX, cb.maxX);
        if (to > from) found.push_back({a, b, Side::South, from, to});
      }
    }
  }
  return found;
}

BOOST_AUTO_TEST_CASE(neighbouring_chunks_leave_no_opening_at_any_pair_of_levels) {
  const World world = buildTestWorld({.rows = 2, .cols = 2, .mapSize = 256, .gapCells = 8});
  const double spacing = world.settings.spacingM;
  const std::vector<Chunk> chunks = meshWorld(world);
  const std::vector<Seam> found = seams(chunks);
  std::size_t acrossPatches = 0, openings = 0, samples = 0;
  double widestGap = 0;  // between the two surfaces, which the skirts close
  for (const Seam& seam : found) {
    const Chunk &a = chunks[seam.a], &b = chunks[seam.b];
    acrossPatches += a.patch != b.patch;
    const Side sideOfB = seam.sideOfA == Side::East ? Side::West : Side::North;
    for (std::size_t la = 0; la < kLevelErrors.size(); ++la) {
      for (std::size_t lb = 0; lb < kLevelErrors.size(); ++lb) {
        const SideProfiles pa = sideProfiles(a.levels[la], a.rect, seam.sideOfA, world.patches[a.patch], spacing);
        const SideProfiles pb = sideProfiles(b.levels[lb], b.rect, sideOfB, world.patches[b.patch], spacing);
        const auto steps = static_cast<std::int64_t>(std::llround((seam.to - seam.from) / spacing * 8));
        for (std::int64_t k = 0; k <= steps; ++k) {
          const double t = k == steps ? seam.to : seam.from + static_cast<double>(k) * spacing / 8;
          const auto topA = pa.surface.at(t), topB = pb.surface.at(t);
          const auto bottomA = pa.skirtBottom.at(t), bottomB = pb.skirtBottom.at(t);
          ++samples;
          if (!topA || !topB || !bottomA || !bottomB) {
            BOOST_ERROR("a border is not covered at " << t << " m between chunks " << seam.a << " and " << seam.b);
            continue;
          }
          widestGap = std::max(widestGap, std::abs(*topA - *topB));
          const double skirtOfHigher = *topA >= *topB ? *bottomA : *bottomB;
          if (skirtOfHigher > std::min(*topA, *topB)) ++openings;
          if (la == 0 && lb == 0 && *topA != *topB) ++openings;  // the full grids meet exactly
        }
      }
    }
  }
  BOOST_TEST(found.size() > 40U);
  BOOST_TEST(acrossPatches > 10U);
  BOOST_TEST(samples > 100000U);
  BOOST_TEST(openings == 0U);
  BOOST_TEST(widestGap > 0.1);  // the levels differ along the seams: without skirts they would open
}

BOOST_AUTO_TEST_CASE(patch_sides_keep_the_canonical_edge_heights_at_every_level) {
  const World world = buildTestWorld({.rows = 2, .cols = 2, .mapSize = 256, .gapCells = 8});
  std::size_t checked = 0;
  for (const Chunk& chunk : meshWorld(world)) {
    const Patch& patch = world.patches[chunk.patch];
    for (const TerrainMesh& mesh : chunk.levels) {
      for (std::size_t v = 0; v < mesh.surfaceVertices; ++v) {
        const auto [x, z] = mesh.samples[v];
        const std::array<bool, 4> on{z == 0, x == patch.pointsX - 1, z == patch.pointsZ - 1, x == 0};  // by Side
        for (std::size_t side = 0; side < on.size(); ++side) {
          const auto edge = patch.edges[side];
          if (!on[side] || !edge) continue;
          const std::size_t along = static_cast<std::size_t>(side % 2 == 0 ? x : z);  // north and south run along x
          BOOST_TEST(mesh.positions[3 * v + 1] == world.edges[*edge].heights[along]);
          ++checked;
        }
      }
    }
  }
  BOOST_TEST(checked > 1000U);
}

}  // namespace
}  // namespace isla::test
