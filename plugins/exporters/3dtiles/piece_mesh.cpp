// SPDX-License-Identifier: MIT
#include "piece_mesh.hpp"

#include <isla/world/vertex_normal.hpp>

#include "vertex_coding.hpp"

namespace isla_3dtiles {

isla::TerrainMesher pieceMesher(const Piece& piece, const WorldBand& band, double spacingM,
                                const std::vector<double>& askedErrorsM) {
  const isla::SampleRect rect{piece.x0, piece.z0, piece.x1, piece.z1};
  return {rect, isla::rectHeights(rect, [&](std::int32_t z) { return band.row(piece.patch, z); }), spacingM,
          askedErrorsM};
}

PieceNormals::PieceNormals(const isla::World& world, const Piece& of, const WorldBand& band) : piece(of) {
  const isla::Patch& patch = world.patches[piece.patch];
  const std::size_t samples =
      static_cast<std::size_t>(piece.x1 - piece.x0 + 1) * static_cast<std::size_t>(piece.z1 - piece.z0 + 1);
  // A row's vectors at a time, encoded as they are made: a piece's would
  // be megabytes of fresh pages, which cost more than the normals do
  // (docs/performance.md, "Page faults"); the encoding is each vector's own.
  std::vector<std::array<float, 3>> row;
  normals.reserve(samples);
  for (std::int32_t z = piece.z0; z <= piece.z1; ++z) {
    row.clear();
    isla::appendRowNormals(world, patch, z, piece.x0, piece.x1, band.around(piece.patch, z), row);
    appendOctahedral(row, normals);
  }
}

}  // namespace isla_3dtiles
