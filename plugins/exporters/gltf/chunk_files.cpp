// SPDX-License-Identifier: MIT
#include "chunk_files.hpp"

#include <isla/publish/file_writer.hpp>

#include <algorithm>
#include <bit>
#include <optional>
#include <span>
#include <tuple>

#include "transition_images.hpp"
#include "grid_indices.hpp"

namespace isla_gltf {

namespace {

static_assert(std::endian::native == std::endian::little, "glTF buffers are little-endian");

template <class T>
void writeStream(isla::FileWriter& file, const std::vector<T>& values) {
  file.write(std::as_bytes(std::span(values)));
}

std::string levelName(const std::string& chunk, std::size_t level) {
  return level == 0 ? chunk : chunk + "-lod" + std::to_string(level);
}

// A primitive over its part's vertices of the level's streams and its indices.
boost::json::object levelPrimitive(GltfDocument& document, std::size_t buffer, const LevelLayout& level,
                                   const PrimitiveLayout& primitive, std::size_t material) {
  const std::uint64_t v = level.vertices;  // the streams' length
  const std::uint64_t first = primitive.part.firstVertex, vertices = primitive.part.vertexCount;
  const std::size_t position = document.addAccessor(buffer, level.offset + first * 12, vertices * 12, kArrayBuffer,
                                                    kFloat, vertices, "VEC3");
  document.setBounds(position, primitive.min, primitive.max);
  const std::size_t normal = document.addAccessor(buffer, level.offset + v * 12 + first * 12, vertices * 12,
                                                  kArrayBuffer, kFloat, vertices, "VEC3");
  const std::size_t uv = document.addAccessor(buffer, level.offset + v * 24 + first * 4, vertices * 4, kArrayBuffer,
                                              kUnsignedShort, vertices, "VEC2", true);
  const std::uint64_t count = primitive.part.indexCount;
  const std::size_t indices =
      document.addAccessor(buffer, primitive.indexOffset, primitive.part.bytes(), kElementArrayBuffer,
                           primitive.part.shortIndices ? kUnsignedShort : kUnsignedInt, count, "SCALAR");
  boost::json::object object({{"attributes", {{"POSITION", position}, {"NORMAL", normal}, {"TEXCOORD_0", uv}}},
                              {"indices", indices},
                              {"material", material}},
                             document.storage());
  if (primitive.strip) object["mode"] = kTriangleStrip;
  if (primitive.skirt) object["extras"] = {{"skirt", true}};
  return object;
}

// The level's primitives, their indices into `bytes`, which start at
// `indicesOffset` of the chunk's buffer.
std::vector<PrimitiveLayout> levelPrimitives(const MeshLevel& level, std::uint64_t indicesOffset,
                                             std::vector<std::byte>& bytes) {
  std::vector<PrimitiveLayout> primitives;
  const auto add = [&](const IndexPart& part, bool skirt, std::optional<GridMode> grid) {
    PrimitiveLayout primitive{.part = part,
                              .indexOffset = indicesOffset + bytes.size(),
                              .skirt = skirt,
                              .strip = grid == GridMode::Strip};
    std::tie(primitive.min, primitive.max) =
        positionBounds(std::span(level.positions).subspan(part.firstVertex * 3, part.vertexCount * 3));
    if (grid) appendGridIndices(bytes, level.gridWidth, part, *grid);
    else appendPartIndices(bytes, level.indices, part);
    primitives.push_back(primitive);
  };
  // The surface's triangles use its vertices alone; the skirts' use both.
  if (level.gridWidth != 0) {
    for (const IndexPart& part : gridParts(level.gridWidth, level.surfaceVertices / level.gridWidth, level.gridMode)) {
      add(part, false, level.gridMode);
    }
  } else {
    for (const IndexPart& part : indexParts(level.indices, 0, level.surfaceIndices, level.surfaceVertices)) {
      add(part, false, std::nullopt);
    }
  }
  if (level.indices.size() > level.surfaceIndices) {
    for (const IndexPart& part : indexParts(level.indices, level.surfaceIndices,
                                            level.indices.size() - level.surfaceIndices, level.vertexCount())) {
      add(part, true, std::nullopt);
    }
  }
  padToFour(bytes);
  return primitives;
}

}  // namespace

ChunkSummary writeChunk(const std::filesystem::path& stage, const isla::World& world, std::size_t patchIndex,
                        std::int32_t column, std::int32_t row, const isla::SampleRect& cells,
                        const isla::PatchBand& band, const GltfOptions& options) {
  const isla::Patch& patch = world.patches[patchIndex];
  const double spacing = world.settings.spacingM;
  ChunkSummary chunk{.name = patch.id + "_" + std::to_string(column) + "_" + std::to_string(row),
                     .patch = patchIndex,
                     .column = column,
                     .row = row,
                     .originX = patch.originX + cells.x0 * spacing,
                     .originZ = patch.originZ + cells.z0 * spacing,
                     .levels = {}};
  const std::filesystem::path directory = stage / kChunkDirectory;
  isla::FileWriter bin = isla::FileWriter::create(directory / (chunk.name + ".bin"), isla::FileWriter::Digest::None);
  std::vector<std::byte> indices;  // one level's, as stored
  for (const MeshLevel& level : chunkLevels(world, patch, cells, band, options)) {
    LevelLayout layout{.offset = bin.size(),
                       .byteLength = 0,
                       .vertices = level.vertexCount(),
                       .surfaceVertices = level.surfaceVertices,
                       .surfaceTriangles = level.surfaceTriangleCount(),
                       .skirtTriangles = (level.indices.size() - level.surfaceIndices) / 3,
                       .primitives = {},
                       .askedErrorM = level.askedErrorM,
                       .errorM = level.errorM};
    writeStream(bin, level.positions);
    writeStream(bin, level.normals);
    writeStream(bin, level.uvs);
    indices.clear();
    layout.primitives = levelPrimitives(level, bin.size(), indices);
    bin.write(std::span<const std::byte>(indices));
    layout.byteLength = bin.size() - layout.offset;
    chunk.levels.push_back(std::move(layout));
  }
  bin.close();

  GltfDocument document;
  const std::size_t material = addTerrainMaterial(document, world, patch, "../");
  const std::size_t node = addChunkNodes(document, world, chunk, chunk.name + ".bin", material, ChunkLevels::Every);
  isla::FileWriter gltf = isla::FileWriter::create(directory / (chunk.name + ".gltf"), isla::FileWriter::Digest::None);
  gltf.write(document.text({node}));
  gltf.close();
  return chunk;
}

std::size_t addTerrainMaterial(GltfDocument& document, const isla::World& world, const isla::Patch& patch,
                               const std::string& directoryPrefix) {
  if (document.count("samplers") == 0) {
    // Biomes are classes and a transition image a texel a sample: nearest, never blended between texels.
    document.add("samplers", {{"magFilter", 9728}, {"minFilter", 9728}, {"wrapS", 33071}, {"wrapT", 33071}});
  }
  const std::size_t image =
      document.add("images", {{"uri", directoryPrefix + isla_png::terrainImagePath(world, patch)}});
  const std::size_t texture = document.add("textures", {{"sampler", 0}, {"source", image}});
  return document.add(
      "materials",
      {{"name", patch.source ? "biome-" + world.sources[*patch.source].id : "transition-" + patch.id},
       {"pbrMetallicRoughness", {{"metallicFactor", 0}, {"roughnessFactor", 1}, {"baseColorTexture", {{"index", texture}}}}}});
}

std::size_t addChunkNodes(GltfDocument& document, const isla::World& world, const ChunkSummary& chunk,
                          const std::string& binUri, std::size_t material, ChunkLevels levels) {
  const std::size_t buffer = document.add("buffers", {{"uri", binUri}, {"byteLength", chunk.byteLength()}});
  std::vector<std::size_t> nodes;
  boost::json::array asked(document.storage()), errors(document.storage());
  const std::size_t shown = levels == ChunkLevels::Every ? chunk.levels.size() : 1;
  for (std::size_t k = 0; k < shown; ++k) {
    const LevelLayout& level = chunk.levels[k];
    boost::json::array primitives(document.storage());
    for (const PrimitiveLayout& primitive : level.primitives) {
      primitives.emplace_back(levelPrimitive(document, buffer, level, primitive, material));
    }
    const std::size_t mesh = document.add(
        "meshes", {{"name", levelName(chunk.name, k)},
                   {"primitives", std::move(primitives)},
                   {"extras", {{"lod", k}, {"asked_error_m", level.askedErrorM}, {"error_m", level.errorM}}}});
    nodes.push_back(document.add("nodes", {{"name", levelName(chunk.name, k)},
                                           {"mesh", mesh},
                                           {"translation", {chunk.originX, 0, chunk.originZ}}}));
    asked.emplace_back(level.askedErrorM);
    errors.emplace_back(level.errorM);
  }
  boost::json::object& first = document.at("nodes", nodes.front());
  first["extras"] = {{"patch", world.patches[chunk.patch].id},
                     {"chunk", {chunk.column, chunk.row}},
                     {"lod_asked_error_m", std::move(asked)},
                     {"lod_error_m", std::move(errors)}};
  if (nodes.size() > 1) {
    document.useExtension("MSFT_lod");
    boost::json::array ids(document.storage());
    for (std::size_t k = 1; k < nodes.size(); ++k) ids.emplace_back(nodes[k]);
    first["extensions"] = {{"MSFT_lod", {{"ids", std::move(ids)}}}};
  }
  return nodes.front();
}

}  // namespace isla_gltf
