// SPDX-License-Identifier: MIT
// Skirts: from each side of a mesh's rectangle, a vertical strip hanging
// from the border's vertices, facing out, so that a neighbour whose border
// differs (another error) leaves no opening seen from above.
#pragma once

#include "isla/mesh/terrain_mesher.hpp"

namespace isla::mesh {

// Appends to `mesh` one lower vertex per border vertex, `depthM` below it,
// and two triangles per border segment of each side.
void addSkirts(TerrainMesh& mesh, const SampleRect& rect, double depthM);

}  // namespace isla::mesh
