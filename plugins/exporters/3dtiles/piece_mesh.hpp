// SPDX-License-Identifier: MIT
// The kernel's mesher over one piece of a tile (a rectangle of one patch's
// samples): its error pass is made once, and each mesh() of it is the
// piece at one error (0: the contract's NW-SE triangles) with its skirts.
#pragma once

#include <isla/mesh/terrain_mesher.hpp>

#include "quadtree.hpp"
#include "world_band.hpp"

namespace isla_3dtiles {

// `askedErrorsM`: the errors the piece will be meshed at (its ancestors').
isla::TerrainMesher pieceMesher(const Piece& piece, const WorldBand& band, double spacingM,
                                const std::vector<double>& askedErrorsM);

}  // namespace isla_3dtiles
