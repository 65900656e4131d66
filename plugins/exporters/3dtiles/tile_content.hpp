// SPDX-License-Identifier: MIT
// One tile's terrain as binary glTF: a node for each patch the tile
// overlaps, placed at the tile's north-west corner (its positions are metres
// east and south of it, Y up, as 3D Tiles expects of glTF), with two
// primitives over the same vertices: the surface, and the skirts that the
// kernel's mesher hangs from every border of each piece, so that
// neighbouring tiles at other levels leave no crack seen from above.
// Normals are the full grid's (the canonical ones on shared edges), UVs the
// texel centres of the source's biome image (normalized unsigned shorts);
// strips and corners are grey. A piece at error 0 (a leaf's) is the
// contract's grid, stored as triangle strips as the gltf exporter's LOD 0
// (isla_gltf::gridParts): about two indices a sample instead of six.
#pragma once

#include <array>
#include <cstdint>
#include <filesystem>
#include <vector>

#include <isla/mesh/terrain_mesher.hpp>
#include <isla/world/world.hpp>

#include "piece_mesh.hpp"
#include "quadtree.hpp"

namespace isla_3dtiles {

inline constexpr const char* kSkirtExtra = "skirt_depth_m";

class TileContent {
 public:
  // `skirtDepthM` is what the tile's pieces are meshed with, for the skirts' extras.
  TileContent(const isla::World& world, const CellRect& rect, double skirtDepthM);

  // A piece meshed by the kernel's mesher with the tile's skirt depth.
  void add(const Piece& piece, const isla::TerrainMesh& mesh, const PieceNormals& normals);
  // Appends another share of the same tile (a leaf's pieces, meshed on their own).
  void append(TileContent&& other);

  bool empty() const { return parts_.empty(); }
  double errorM() const { return errorM_; }
  // Lowest and highest y of the content, skirts included.
  double minHeightM() const { return minY_; }
  double maxHeightM() const { return maxY_; }

  // The .glb, whose images lie at `biomePrefix` + "<source-id>.png".
  void write(const std::filesystem::path& path, const std::string& biomePrefix) const;

  // A share of a tile that spans shards (the parts of one shard's patches)
  // as the shard leaves it for the assembly, and back (tile_share.cpp);
  // load throws std::runtime_error naming the file.
  void save(const std::filesystem::path& path) const;
  static TileContent load(const isla::World& world, const CellRect& rect, const std::filesystem::path& path);
  // The patches of its parts, in their order.
  std::vector<std::size_t> patches() const;
  // The whole tile from every shard's share of it: the parts in the order
  // of `patches`, the one in which the whole export adds them.
  static TileContent merge(std::vector<TileContent> shares, const std::vector<std::size_t>& patches);

 private:
  // A piece whose surface is the contract's grid: its vertices from
  // firstVertex on, row by row.
  struct Grid {
    std::uint64_t firstVertex = 0, width = 0, depth = 0;
  };
  struct Part {
    std::size_t patch = 0;
    std::vector<float> positions, normals;
    std::vector<std::uint16_t> uvs;  // isla_gltf::texelCentreUv
    std::vector<Grid> grids;                    // the surface at error 0, as strips
    std::vector<std::uint32_t> surface, skirt;  // triangles: the surface at other errors, the skirts
  };
  Part& partOf(std::size_t patch);

  const isla::World* world_;
  CellRect rect_;
  double skirtDepthM_ = 0;
  std::vector<Part> parts_;
  double errorM_ = 0;
  double minY_ = 0, maxY_ = 0;
};

}  // namespace isla_3dtiles
