// SPDX-License-Identifier: MIT
#include "piece_mesh.hpp"

namespace isla_3dtiles {

isla::TerrainMesher pieceMesher(const Piece& piece, const WorldBand& band, double spacingM,
                                const std::vector<double>& askedErrorsM) {
  const isla::SampleRect rect{piece.x0, piece.z0, piece.x1, piece.z1};
  return {rect, isla::rectHeights(rect, [&](std::int32_t z) { return band.row(piece.patch, z); }), spacingM,
          askedErrorsM};
}

}  // namespace isla_3dtiles
