// SPDX-License-Identifier: MIT
#include "obj_level.hpp"

#include <isla/mesh/chunk_cuts.hpp>
#include <isla/mesh/patch_band.hpp>
#include <isla/mesh/terrain_mesher.hpp>
#include <isla/world/vertex_normal.hpp>

#include <algorithm>
#include <stdexcept>

#include "obj_text.hpp"

namespace isla_obj {

namespace {

// The cuts of [first, last] into chunks of kLevelChunkCells cells.
std::vector<std::int32_t> cutsBetween(std::int32_t first, std::int32_t last) {
  std::vector<std::int32_t> cuts = isla::chunkCuts(last - first + 1, kLevelChunkCells);
  for (std::int32_t& cut : cuts) cut += first;
  return cuts;
}

}  // namespace

void LevelWriter::patch(std::size_t index, const Selection& selection, const std::function<void()>& chunkRowWritten) {
  const isla::Patch& patch = world_.patches[index];
  const double spacing = world_.settings.spacingM;
  std::string text = "g " + patch.id + "\nusemtl " + materialName(world_, patch) + "\n";
  const auto xs = cutsBetween(selection.xs.front(), selection.xs.back());
  const auto zs = cutsBetween(selection.zs.front(), selection.zs.back());
  isla::PatchBand band(world_, index);
  for (std::size_t j = 0; j + 1 < zs.size(); ++j) {
    band.load(std::max(zs[j] - 1, 0), std::min(zs[j + 1] + 1, patch.pointsZ - 1));
    for (std::size_t i = 0; i + 1 < xs.size(); ++i) {
      const isla::SampleRect rect{xs[i], zs[j], xs[i + 1], zs[j + 1]};
      const isla::TerrainMesher mesher(rect, isla::rectHeights(rect, [&](std::int32_t z) { return band.row(z); }),
                                       spacing, {maxErrorM_});
      const isla::TerrainMesh mesh = mesher.mesh({.maxErrorM = maxErrorM_,
                                                  .skirtM = isla::skirtDepth(maxErrorM_, maxErrorM_)});
      if (vertices_ + mesh.vertexCount() > kMaxIndex) {
        throw std::invalid_argument("the mesh needs more than 32-bit indices reach; choose a larger lod_error "
                                    "or a window");
      }
      for (std::size_t v = 0; v < mesh.vertexCount(); ++v) {
        const auto [x, z] = mesh.samples[v];
        const isla::RowsAround rows{band.row(std::max(z - 1, 0)), band.row(z),
                                    band.row(std::min(z + 1, patch.pointsZ - 1))};
        const isla::Normal normal = isla::vertexNormal(world_, patch, x, z, rows);
        putLine(text, "v", patch.originX + x * spacing, mesh.positions[3 * v + 1], patch.originZ + z * spacing);
        putLine(text, "vn", static_cast<float>(normal.x), static_cast<float>(normal.y), static_cast<float>(normal.z));
        putLine(text, "vt", static_cast<float>((x + 0.5) / patch.pointsX),
                static_cast<float>(1 - (z + 0.5) / patch.pointsZ));
      }
      for (std::size_t t = 0; t < mesh.indices.size(); t += 3) {
        text += 'f';
        for (std::size_t k = 0; k < 3; ++k) {
          const auto corner = static_cast<Index>(vertices_ + mesh.indices[t + k] + 1);
          putCorner(text, corner, corner);
        }
        text += '\n';
      }
      vertices_ += mesh.vertexCount();
      write(out_, text);
      text.clear();
    }
    chunkRowWritten();
  }
}

}  // namespace isla_obj
