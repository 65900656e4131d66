// SPDX-License-Identifier: MIT
// A chunk's files: chunks/<name>.bin with every level's vertex and index
// streams, and chunks/<name>.gltf, the chunk alone; and the glTF objects
// that show a chunk, which world.gltf adds for every chunk over the same
// .bin files.
#pragma once

#include <array>
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include <isla/mesh/patch_band.hpp>
#include <isla/world/world.hpp>

#include "chunk_mesh.hpp"
#include "gltf_document.hpp"
#include "index_parts.hpp"

namespace isla_gltf {

inline constexpr const char* kChunkDirectory = "chunks";

// A primitive of a level: its triangles' indices (IndexPart) and where
// they lie, and the bounds of the positions its accessors cover.
struct PrimitiveLayout {
  IndexPart part;
  std::uint64_t indexOffset = 0;  // bytes, in the chunk's buffer
  bool skirt = false;
  bool strip = false;  // LOD 0's surface: triangle strips (grid_indices.hpp), else triangles
  std::array<float, 3> min{}, max{};
};

// Where a level's streams lie in the chunk's buffer: positions (VEC3) and
// normals (VEC3) as float32, UVs (VEC2) as normalized uint16, then each
// primitive's indices (uint16 where its vertices fit, see IndexPart), padded
// to 4 bytes; the surface's vertices and triangles first (LOD 0's as
// strips), the skirts' after them.
struct LevelLayout {
  static constexpr std::uint64_t kVertexBytes = 6 * sizeof(float) + 2 * sizeof(std::uint16_t);

  std::uint64_t offset = 0, byteLength = 0;
  std::uint64_t vertices = 0, surfaceVertices = 0;
  std::uint64_t surfaceTriangles = 0, skirtTriangles = 0;
  std::vector<PrimitiveLayout> primitives;  // the surface's, then the skirts'
  double askedErrorM = 0;
  double errorM = 0;

  std::uint64_t bytes() const { return byteLength; }
};

struct ChunkSummary {
  std::string name;  // "<patch-id>_<column>_<row>"
  std::size_t patch = 0;
  std::int32_t column = 0, row = 0;  // of the chunk in its patch, east and south
  double originX = 0, originZ = 0;   // world metres of its first sample: the node's translation
  std::vector<LevelLayout> levels;

  std::uint64_t byteLength() const { return levels.back().offset + levels.back().byteLength; }
};

// Builds the chunk's levels from `band` and writes its two files into
// <stage>/chunks/, its levels as `options` asks.
ChunkSummary writeChunk(const std::filesystem::path& stage, const isla::World& world, std::size_t patchIndex,
                        std::int32_t column, std::int32_t row, const isla::SampleRect& cells,
                        const isla::PatchBand& band, const GltfOptions& options);

// The material of a patch's chunks: its image at `directoryPrefix` +
// isla_png::terrainImagePath, a source's biome image or a strip's or
// corner's transition image (isla_png::writeTransitionImages).
std::size_t addTerrainMaterial(GltfDocument& document, const isla::World& world, const isla::Patch& patch,
                               const std::string& directoryPrefix);

// Which of a chunk's levels a document holds.
enum class ChunkLevels {
  First,  // LOD 0 alone: what every reader instantiates, MSFT_lod or not
  Every,  // LOD 0 with the others as its MSFT_lod alternatives
};

// The chunk's LOD 0 node (with ChunkLevels::Every its other levels are
// MSFT_lod alternatives of it, nodes outside the scene), over the buffer at
// `binUri`. A level's mesh has the surface as its first primitives (more
// than one where 16-bit indices need it) and, when it has skirts, them
// after it (extras.skirt).
std::size_t addChunkNodes(GltfDocument& document, const isla::World& world, const ChunkSummary& chunk,
                          const std::string& binUri, std::size_t material, ChunkLevels levels);

}  // namespace isla_gltf
