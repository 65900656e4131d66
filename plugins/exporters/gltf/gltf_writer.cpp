// SPDX-License-Identifier: MIT
// A patch is read once, a band of chunk rows at a time (PatchBand); the
// chunks of a band are built and written on the job's threads, each into its
// own files, and their summaries kept in chunk order, so that world.gltf and
// levels.json do not depend on the thread count.
#include "gltf_writer.hpp"

#include <isla/base/io_error.hpp>
#include <isla/document/json_writer.hpp>
#include <isla/mesh/chunk_cuts.hpp>
#include <isla/parallel/parallel.hpp>
#include <isla/publish/file_writer.hpp>

#include <algorithm>
#include <map>

#include "biome_image.hpp"
#include "transition_images.hpp"
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
    bands += static_cast<std::int64_t>(isla::chunkCuts(patch.pointsZ, options.chunkCells).size()) - 1;
  }
  std::vector<ChunkSummary> chunks;
  for (std::size_t p = 0; p < world.patches.size(); ++p) {
    const isla::Patch& patch = world.patches[p];
    const auto xs = isla::chunkCuts(patch.pointsX, options.chunkCells);
    const auto zs = isla::chunkCuts(patch.pointsZ, options.chunkCells);
    isla::PatchBand band(world, p);
    for (std::size_t j = 0; j + 1 < zs.size(); ++j) {
      band.load(std::max(zs[j] - 1, 0), std::min(zs[j + 1] + 1, patch.pointsZ - 1));
      std::vector<ChunkSummary> row(xs.size() - 1);
      isla::parallelFor(row.size(), input.threads, [&](std::size_t i) {
        const isla::SampleRect cells{xs[i], zs[j], xs[i + 1], zs[j + 1]};
        row[i] = writeChunk(stage, world, p, static_cast<std::int32_t>(i), static_cast<std::int32_t>(j), cells, band,
                            options);
      });
      std::move(row.begin(), row.end(), std::back_inserter(chunks));
      input.progress.update(0.1 + 0.85 * static_cast<double>(++done) / static_cast<double>(bands));
    }
  }
  return chunks;
}

// A scene of the whole world (world.gltf, world-lod.gltf) in parts
// (writeParts), one held at a time: the terrain materials, each chunk's
// nodes, the "terrain" node, the scenery. As one document, the chunks'
// objects took ~85 KiB a chunk: 1.4 GiB at 32768².
void writeWorldScene(const isla::World& world, const std::vector<ChunkSummary>& chunks, const fs::path& file,
                     ChunkLevels levels) {
  // A material a patch, in the order chunks first use them.
  std::vector<std::size_t> materialPatches;
  std::map<std::size_t, std::size_t> materials;  // by patch: the material's index
  for (const ChunkSummary& chunk : chunks) {
    if (materials.emplace(chunk.patch, materials.size()).second) materialPatches.push_back(chunk.patch);
  }
  std::vector<std::size_t> terrain(chunks.size());  // each chunk's first node
  const std::size_t terrainPart = chunks.size() + 1;
  isla::FileWriter out = isla::FileWriter::create(file);
  writeParts(out, chunks.size() + 3, [&](std::size_t part, GltfDocument& document) -> std::vector<std::size_t> {
    if (part == 0) {
      for (const std::size_t patch : materialPatches) addTerrainMaterial(document, world, world.patches[patch], "");
      return {};
    }
    if (part < terrainPart) {
      const ChunkSummary& chunk = chunks[part - 1];
      const std::string bin = std::string(kChunkDirectory) + "/" + chunk.name + ".bin";
      terrain[part - 1] = addChunkNodes(document, world, chunk, bin, materials.at(chunk.patch), levels);
      return {};
    }
    if (part == terrainPart) {
      boost::json::array children(terrain.begin(), terrain.end(), document.storage());
      return {document.add("nodes", {{"name", "terrain"}, {"children", std::move(children)}})};
    }
    return addScenery(document, world);
  });
  out.close();
}

// Each chunk's levels, and the totals per level over the world.
void writeLevels(const GltfOptions& options, const std::vector<ChunkSummary>& chunks, const fs::path& stage) {
  struct Total {
    std::uint64_t triangles = 0, skirtTriangles = 0, vertices = 0, bytes = 0;
    double maxErrorM = 0;
  };
  std::vector<Total> totals(options.lodErrorsM.size() + 1);
  isla::FileWriter file = isla::FileWriter::create(stage / kLevelsJson);
  isla::JsonWriter json(file);
  json.beginObject();
  json.member("chunk_cells", options.chunkCells);
  json.key("asked_error_m");
  json.beginCompactArray();
  json.value(0);
  for (const double error : options.lodErrorsM) json.value(error);
  json.endArray();
  json.key("columns");
  json.beginCompactArray();
  for (const char* column : {"triangles", "skirt_triangles", "vertices", "bytes", "asked_error_m", "error_m"}) {
    json.value(column);
  }
  json.endArray();
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
      json.value(level.surfaceTriangles);
      json.value(level.skirtTriangles);
      json.value(level.vertices);
      json.value(level.bytes());
      json.value(level.askedErrorM);
      json.value(level.errorM);
      json.endArray();
      totals[k].triangles += level.surfaceTriangles;
      totals[k].skirtTriangles += level.skirtTriangles;
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
  for (std::size_t k = 0; k < totals.size(); ++k) {
    json.beginObject();
    json.member("triangles", totals[k].triangles);
    json.member("skirt_triangles", totals[k].skirtTriangles);
    json.member("vertices", totals[k].vertices);
    json.member("bytes", totals[k].bytes);
    json.member("asked_error_m", k == 0 ? 0.0 : options.lodErrorsM[k - 1]);
    json.member("max_error_m", totals[k].maxErrorM);
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
  isla_png::writeTransitionImages(stage, world, input.enums);
  input.progress.update(0.1);
  isla::createDirectory(stage / kChunkDirectory);
  const std::vector<ChunkSummary> chunks = writeChunks(input, options, stage);
  writeWaterQuad(world, stage);
  // Readers without MSFT_lod (Blender, assimp) instantiate every node of a
  // file, in the scene or not: world.gltf holds LOD 0 alone, and the levels
  // are a scene of their own beside it for those with it.
  writeWorldScene(world, chunks, stage / kWorldGltf, ChunkLevels::First);
  if (!options.lodErrorsM.empty()) writeWorldScene(world, chunks, stage / kWorldLodGltf, ChunkLevels::Every);
  writeLevels(options, chunks, stage);
  input.progress.update(1.0);
}

}  // namespace isla_gltf
