// SPDX-License-Identifier: MIT
// A patch is read once, a band of chunk rows at a time (PatchBand); the
// chunks of a band are built and written on the job's threads, each into its
// own files, and their summaries kept in chunk order, so that world.gltf and
// levels.json do not depend on the thread count.
#include "gltf_writer.hpp"

#include <isla/base/io_error.hpp>
#include <isla/json/json_writer.hpp>
#include <isla/parallel/parallel.hpp>
#include <isla/publish/file_writer.hpp>

#include <algorithm>
#include <map>

#include "biome_image.hpp"
#include "chunk_files.hpp"
#include "world_scenery.hpp"

namespace isla_gltf {

namespace {

namespace fs = std::filesystem;

std::vector<ChunkSummary> writeChunks(const isla::ExportInput& input, const GltfOptions& options,
                                      const fs::path& stage) {
  const isla::World& world = input.world;
  std::int64_t bands = 0, done = 0;
  for (const isla::Patch& patch : world.patches) {
    bands += static_cast<std::int64_t>(chunkCuts(patch.pointsZ, options.chunkCells).size()) - 1;
  }
  std::vector<ChunkSummary> chunks;
  for (std::size_t p = 0; p < world.patches.size(); ++p) {
    const isla::Patch& patch = world.patches[p];
    const auto xs = chunkCuts(patch.pointsX, options.chunkCells);
    const auto zs = chunkCuts(patch.pointsZ, options.chunkCells);
    PatchBand band(world, p);
    for (std::size_t j = 0; j + 1 < zs.size(); ++j) {
      band.load(std::max(zs[j] - 1, 0), std::min(zs[j + 1] + 1, patch.pointsZ - 1));
      std::vector<ChunkSummary> row(xs.size() - 1);
      isla::parallelFor(row.size(), input.threads, [&](std::size_t i) {
        const ChunkCells cells{xs[i], xs[i + 1], zs[j], zs[j + 1]};
        row[i] = writeChunk(stage, world, p, static_cast<std::int32_t>(i), static_cast<std::int32_t>(j), cells, band,
                            options.levels);
      });
      std::move(row.begin(), row.end(), std::back_inserter(chunks));
      input.progress.update(0.1 + 0.85 * static_cast<double>(++done) / static_cast<double>(bands));
    }
  }
  return chunks;
}

void writeWorldScene(const isla::World& world, const std::vector<ChunkSummary>& chunks, const fs::path& stage) {
  GltfDocument document;
  std::map<std::size_t, std::size_t> materials;  // by source patch; strips and corners share the grey one
  boost::json::array terrain;
  for (const ChunkSummary& chunk : chunks) {
    const isla::Patch& patch = world.patches[chunk.patch];
    const std::size_t key = patch.source ? chunk.patch : world.patches.size();
    auto material = materials.find(key);
    if (material == materials.end()) {
      material = materials.emplace(key, addTerrainMaterial(document, world, patch, "")).first;
    }
    terrain.emplace_back(addChunkNodes(document, world, chunk,
                                       std::string(kChunkDirectory) + "/" + chunk.name + ".bin", material->second));
  }
  std::vector<std::size_t> roots{document.add("nodes", {{"name", "terrain"}, {"children", std::move(terrain)}})};
  for (const std::size_t root : addScenery(document, world, stage)) roots.push_back(root);
  isla::FileWriter file = isla::FileWriter::create(stage / kWorldGltf);
  file.write(document.text(roots));
  file.close();
}

// Each chunk's levels, and the totals per level over the world.
void writeLevels(const GltfOptions& options, const std::vector<ChunkSummary>& chunks, const fs::path& stage) {
  struct Total {
    std::uint64_t triangles = 0, vertices = 0, bytes = 0;
    double maxErrorM = 0;
  };
  std::vector<Total> totals(static_cast<std::size_t>(options.levels));
  isla::FileWriter file = isla::FileWriter::create(stage / kLevelsJson);
  isla::JsonWriter json(file);
  json.beginObject();
  json.member("chunk_cells", options.chunkCells);
  json.member("levels", options.levels);
  json.key("chunks");
  json.beginArray();
  for (const ChunkSummary& chunk : chunks) {
    json.beginObject();
    json.member("name", chunk.name);
    json.key("levels");
    json.beginArray();
    for (std::size_t k = 0; k < chunk.levels.size(); ++k) {
      const LevelLayout& level = chunk.levels[k];
      json.beginCompactArray();
      json.value(level.indices / 3);
      json.value(level.vertices);
      json.value(level.bytes());
      json.value(level.errorM);
      json.endArray();
      totals[k].triangles += level.indices / 3;
      totals[k].vertices += level.vertices;
      totals[k].bytes += level.bytes();
      totals[k].maxErrorM = std::max(totals[k].maxErrorM, level.errorM);
    }
    json.endArray();
    json.endObject();
  }
  json.endArray();
  json.key("totals");
  json.beginArray();
  for (const Total& total : totals) {
    json.beginObject();
    json.member("triangles", total.triangles);
    json.member("vertices", total.vertices);
    json.member("bytes", total.bytes);
    json.member("max_error_m", total.maxErrorM);
    json.endObject();
  }
  json.endArray();
  json.endObject();
  json.finish();
  file.close();
}

}  // namespace

void writeGltf(const isla::ExportInput& input, const GltfOptions& options, const fs::path& stage) {
  const isla::World& world = input.world;
  isla_png::writeBiomeImages(stage, world, input.enums);
  input.progress.update(0.1);
  isla::createDirectory(stage / kChunkDirectory);
  const std::vector<ChunkSummary> chunks = writeChunks(input, options, stage);
  writeWorldScene(world, chunks, stage);
  writeLevels(options, chunks, stage);
  input.progress.update(1.0);
}

}  // namespace isla_gltf
