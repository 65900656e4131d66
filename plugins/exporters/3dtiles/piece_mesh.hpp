// SPDX-License-Identifier: MIT
// The mesh library's mesher over one piece of a tile (a rectangle of one
// patch's samples): its error pass is made once, and each mesh() of it is
// the piece at one error (0: the contract's NW-SE triangles) with its
// skirts; and the piece's normals, once for all those meshes.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include <isla/mesh/terrain_mesher.hpp>

#include "quadtree.hpp"
#include "world_band.hpp"

namespace isla_3dtiles {

// `askedErrorsM`: the errors the piece will be meshed at (its ancestors').
isla::TerrainMesher pieceMesher(const Piece& piece, const WorldBand& band, double spacingM,
                                const std::vector<double>& askedErrorsM);

// The full grid's normal (isla::vertexNormal) at every sample of the piece,
// row by row, as the octahedral filter takes it (vertex_coding.hpp):
// computed once, looked up by every level the piece is meshed at.
struct PieceNormals {
  Piece piece;
  std::vector<std::array<std::int8_t, 4>> normals;

  PieceNormals(const isla::World& world, const Piece& piece, const WorldBand& band);
  const std::array<std::int8_t, 4>& at(std::int32_t x, std::int32_t z) const {
    return normals[static_cast<std::size_t>(z - piece.z0) * static_cast<std::size_t>(piece.x1 - piece.x0 + 1) +
                   static_cast<std::size_t>(x - piece.x0)];
  }
};

}  // namespace isla_3dtiles
