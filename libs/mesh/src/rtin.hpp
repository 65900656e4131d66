// SPDX-License-Identifier: MIT
// The right-triangulated irregular network over a HeightGrid, as Mapbox's
// martini builds it: the square's two halves split NW-SE, each triangle
// split at the middle of its long side into two, down to half cells. The
// error pass gives every split point the largest error of the triangles
// split there and of everything split below them, so that a walk that
// splits wherever the error exceeds E leaves a conforming mesh (no vertex on
// another triangle's side) whose triangles are each within E of the grid.
// Unlike martini's, a triangle's error is measured at every sample under it,
// not only at the split point, so that E bounds the mesh's true error.
#pragma once

#include <array>
#include <vector>

#include "height_grid.hpp"

namespace isla::mesh {

struct RtinErrors {
  // By sample of the grid: the error of splitting there (rounded up to a
  // float32); +inf where a triangle lies across the rectangle's side, so
  // that the walk never keeps one.
  std::vector<float> split;
  // By triangle, two slots a sample (the midpoint of its long side, and the
  // side of it its right angle lies on): the triangle's own error, measured
  // at every sample under it, or minus an upper bound of it where the pass
  // did not need to measure it; 0 on the padding.
  std::vector<double> own;
};

// `askedM`: the errors that meshes of these errors will be asked (empty:
// any). A triangle's own error lies between its midpoint's error and that
// plus its larger child's; it is measured only where those bounds leave
// open whether a mesh at an asked error splits it. Elsewhere the split
// error holds a value on the same side of every asked error as the
// measured one, so the meshes at the asked errors are those of a pass that
// measured everything; the walk measures what it keeps unmeasured.
RtinErrors rtinErrors(const HeightGrid& grid, const std::vector<double>& askedM);

struct RtinMesh {
  std::vector<std::array<GridPoint, 3>> triangles;  // long side first: a, b, then the right angle c
  double errorM = 0;                                // the largest own error of the triangles kept
};

// The triangles of the rectangle (never of its padding) at maximum error
// `maxErrorM` > 0.
RtinMesh rtinMesh(const HeightGrid& grid, const RtinErrors& errors, double maxErrorM);

}  // namespace isla::mesh
