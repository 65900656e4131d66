// SPDX-License-Identifier: MIT
// One tile's terrain as binary glTF: a node for each patch the tile
// overlaps, at the patch's origin, with its surface and its skirts (which
// the mesh library's mesher hangs from every border of each piece, so that
// neighbouring tiles at other levels leave no crack seen from above) as
// primitives over vertex sets of their own. Every primitive is an indexed
// triangle list; a piece at error 0 (a leaf's) is the contract's grid,
// indexed in closed form; a piece at another error is put in the order the
// codecs store best (surface_order.hpp). Vertices are stored as
// vertex_coding.hpp says (positions within 1/128 m in the tileset's frame,
// which are the texture coordinates too; octahedral normals), their buffer
// views compressed with
// EXT_meshopt_compression or plain (glb_buffers.hpp). Normals are the full
// grid's (the canonical ones on shared edges); a source's terrain is
// textured by its biome image, a strip's or corner's by its transition
// image (plugins/common/png-images/transition_images.hpp).
#pragma once

#include <array>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include <isla/mesh/terrain_mesher.hpp>
#include <isla/world/world.hpp>

#include "glb_tile.hpp"
#include "piece_mesh.hpp"
#include "quadtree.hpp"

namespace isla_3dtiles {

class TileContent {
 public:
  // `skirtDepthM` is what the tile's pieces are meshed with, for the skirts' extras.
  TileContent(const isla::World& world, double skirtDepthM);

  // A piece meshed by the mesh library's mesher with the tile's skirt depth.
  void add(const Piece& piece, const isla::TerrainMesh& mesh, const PieceNormals& normals);
  // Appends another share of the same tile (a leaf's pieces, meshed on their own).
  void append(TileContent&& other);

  bool empty() const { return parts_.empty(); }

  // Its parts as a .glb stores them (the costly part of writing it:
  // encoding, bounds), in their order.
  GlbTile store(const GlbStyle& style) const;

 private:
  // A piece whose surface is the contract's grid: its vertices from
  // firstVertex on, row by row.
  struct Grid {
    std::uint64_t firstVertex = 0, width = 0, depth = 0;
  };
  // Vertices: the sample each stands on (the patch's x and z), its height
  // (a skirt's lower vertex, below its sample), its normal (octahedral).
  struct Vertices {
    std::vector<std::array<std::uint16_t, 2>> samples;
    std::vector<float> heights;
    std::vector<std::array<std::int8_t, 4>> normals;

    std::size_t size() const { return heights.size(); }
    void append(const Vertices& other);
  };
  struct Part {
    std::size_t patch = 0;
    Vertices surface, skirt;
    std::vector<Grid> grids;                    // the surface at error 0
    std::vector<std::uint32_t> surfaceIndices;  // triangles of the surface at other errors
    std::vector<std::uint32_t> skirtIndices;    // triangles of the skirt's vertices
  };
  Part& partOf(std::size_t patch);

  const isla::World* world_;
  double skirtDepthM_ = 0;
  std::vector<Part> parts_;
  double errorM_ = 0;
};

}  // namespace isla_3dtiles
