// SPDX-License-Identifier: MIT
#include "block_mesh.hpp"

#include <stdexcept>

namespace isla_3dtiles {

namespace {

// Every sample, each cell split NW-SE into {NW, SE, NE} and {NW, SW, SE}:
// counter-clockwise seen from +Y, so the front faces look up.
GridMesh contractTriangles(const Piece& piece) {
  GridMesh mesh;
  const auto nx = static_cast<std::uint32_t>(piece.x1 - piece.x0 + 1);
  const auto nz = static_cast<std::uint32_t>(piece.z1 - piece.z0 + 1);
  mesh.samples.reserve(std::size_t{nx} * nz);
  for (std::int32_t z = piece.z0; z <= piece.z1; ++z) {
    for (std::int32_t x = piece.x0; x <= piece.x1; ++x) mesh.samples.push_back({x, z});
  }
  mesh.indices.reserve(std::size_t{nx - 1} * (nz - 1) * 6);
  for (std::uint32_t k = 1; k < nz; ++k) {
    for (std::uint32_t m = 1; m < nx; ++m) {
      const std::uint32_t nw = (k - 1) * nx + m - 1, ne = nw + 1, sw = nw + nx, se = sw + 1;
      mesh.indices.insert(mesh.indices.end(), {nw, se, ne, nw, sw, se});
    }
  }
  return mesh;
}

}  // namespace

GridMesh meshPiece(const Piece& piece, const WorldBand& band, double errorM) {
  if (errorM == 0) return contractTriangles(piece);
  (void)band;
  throw std::logic_error("3dtiles: the kernel's mesher is not merged yet");
}

}  // namespace isla_3dtiles
