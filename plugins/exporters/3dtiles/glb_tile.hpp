// SPDX-License-Identifier: MIT
// A terrain tile as its .glb stores it, part by part (a part a patch), and
// the .glb made of such parts. A part holds its buffer views encoded and its
// primitives with their bounds, everything but what depends on the parts
// before it (the numbers of its document's objects, the place of its bytes),
// so that writing a tile only numbers and places its parts: a tile over
// patches of several shards is written by the assembly from the parts each
// shard stored (tile_share.hpp), the same bytes as the whole export's.
#pragma once

#include <array>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include <isla/world/world.hpp>

#include "glb_buffers.hpp"
#include "grid_triangles.hpp"

namespace isla_3dtiles {

inline constexpr const char* kSkirtExtra = "skirt_depth_m";

// How a tile's .glb is written.
struct GlbStyle {
  bool compress = true;      // EXT_meshopt_compression, else plain
  int planarExponent = 0;    // of east and north (vertex_coding.hpp), the world's
  std::vector<std::int32_t> planarMantissas;  // the metres east (or south) of each sample index, at that exponent
  std::string imagePrefix;   // the images' directories, relative to the .glb
  std::shared_ptr<GridTriangles> grids;  // the leaves' bands, stored once
  bool digest = false;       // keep each .glb's SHA-256 (a shard's record lists them)
};

// The lowest and highest y a .glb holds, as stored (skirts included).
struct HeightRange {
  double lowestM = 0, highestM = 0;
};

struct GlbPart {
  // Vertices [firstVertex, firstVertex + vertexCount) of a vertex set (its
  // position and normal views, one after the other; the positions' view is
  // the texture coordinates' too), and triangles over them.
  struct Primitive {
    std::uint64_t vertexViews = 0;  // the position view's index in the part's views
    std::uint64_t firstVertex = 0, vertexCount = 0;
    std::array<float, 3> min{}, max{};  // of the positions, as stored
    std::uint64_t triangleView = 0;
    bool skirt = false;
  };
  std::size_t patch = 0;
  float lowestM = 0, highestM = 0;  // its stored heights' range
  std::vector<StoredView> views;    // in the order the document gets them
  std::vector<Primitive> primitives;
};

struct GlbTile {
  double skirtDepthM = 0;  // what its pieces were meshed with, for the skirts' extras
  double errorM = 0;       // the largest its meshes measured
  std::vector<GlbPart> parts;
};

// Writes the tile's parts in their order as one .glb (glb_file.hpp);
// `digest` receives its SHA-256 when the style keeps it.
HeightRange writeTileGlb(const std::filesystem::path& path, const isla::World& world, const GlbStyle& style,
                         const GlbTile& tile, std::string& digest);

}  // namespace isla_3dtiles
