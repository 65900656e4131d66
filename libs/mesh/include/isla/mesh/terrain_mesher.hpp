// SPDX-License-Identifier: MIT
// Terrain meshes of a rectangle of a patch at a maximum vertical error, for
// any exporter (glTF chunks, OBJ, 3D Tiles). A mesher holds one rectangle's
// heights and its error pass, computed once; each mesh() is then one walk of
// a right-triangulated irregular network (RTIN, the bintree of Mapbox's
// martini) over them. The error pass is per rectangle, so memory follows the
// rectangle, never the patch.
//
// Error 0 is the contract's own surface: every cell split NW-SE, exactly as
// isla::sampleHeight and the package define it. An error E > 0 gives the
// coarsest RTIN mesh whose every triangle lies within E metres, vertically,
// of every sample under it; the mesh's errorM is that largest difference
// measured over the rectangle's samples, never above E.
//
// Meshes of neighbouring rectangles meet exactly when they have the same
// error 0; at other errors their borders may differ, and a skirt (a vertical
// strip hanging from the border, as Cesium's quantized-mesh has) closes the
// gap: see skirtDepth().
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <vector>

#include "isla/base/api.hpp"

namespace isla {

// A rectangle of a patch's samples, first and last included on both axes;
// at least two samples each way (one cell).
struct SampleRect {
  std::int32_t x0 = 0, z0 = 0, x1 = 0, z1 = 0;

  std::int32_t width() const { return x1 - x0 + 1; }  // samples east
  std::int32_t depth() const { return z1 - z0 + 1; }  // samples south
};

struct MeshRequest {
  double maxErrorM = 0;  // 0: the contract's NW-SE grid; > 0: an RTIN mesh within this vertical error
  double skirtM = 0;     // 0: no skirts; > 0: how far each skirt hangs below its border
  // At error 0: whether the grid's triangles are listed in indices; false
  // for an exporter that writes them its own way (as strips) from the
  // vertices, which are the grid row by row either way.
  bool gridTriangles = true;
};

struct TerrainMesh {
  // Per vertex, the sample it stands on, in the patch's indices (x east,
  // z south): for normals, UVs, or anything else a sample carries.
  std::vector<std::array<std::int32_t, 2>> samples;
  // x, y, z per vertex: metres east and south of the rectangle's first
  // sample, y the height (a skirt's lower vertex skirtM below its sample).
  std::vector<float> positions;
  // Triangles, counter-clockwise seen from +Y (the surface) or from outside
  // the rectangle (the skirts).
  std::vector<std::uint32_t> indices;
  std::size_t surfaceVertices = 0;  // vertices [0, surfaceVertices) are the surface's, row by row
  std::size_t surfaceIndices = 0;   // indices [0, surfaceIndices) the surface's triangles (none without gridTriangles), the rest the skirts'
  double askedErrorM = 0;           // MeshRequest::maxErrorM
  double errorM = 0;  // measured: the largest |surface - sample| over the rectangle's samples

  std::size_t vertexCount() const { return samples.size(); }
  std::size_t triangleCount() const { return indices.size() / 3; }
  std::size_t surfaceTriangleCount() const { return surfaceIndices / 3; }
};

class ISLA_API TerrainMesher {
 public:
  // `heights`: the rectangle's samples row by row, rect.width() a row (as
  // World::heights streams them, float32 metres). Runs the error pass.
  // `askedErrorsM`: the maxErrorM values mesh() will be asked besides 0;
  // empty: any. Given them, the pass measures a triangle only where bounds
  // from its children do not already settle whether a mesh at one of them
  // splits it (most are settled), and the meshes are those of a pass that
  // measured every triangle. All 0: the meshes are the contract's grid,
  // and there is no pass. Throws std::invalid_argument on a rectangle
  // under one cell, heights of another size, or an asked error that is
  // negative or not finite.
  TerrainMesher(const SampleRect& rect, std::vector<float> heights, double spacingM,
                std::vector<double> askedErrorsM = {});
  TerrainMesher(TerrainMesher&&) noexcept;
  TerrainMesher& operator=(TerrainMesher&&) noexcept;
  ~TerrainMesher();

  // Throws std::invalid_argument on a negative or non-finite request, or
  // an error other than 0 and the askedErrorsM the mesher was made for.
  TerrainMesh mesh(const MeshRequest& request) const;

  const SampleRect& rect() const;
  // The height of sample (x, z), in the patch's indices, inside rect().
  float height(std::int32_t x, std::int32_t z) const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// The rectangle's heights out of a source of the patch's rows (row(z) the
// patch's row z, whole), for the constructor above.
ISLA_API std::vector<float> rectHeights(const SampleRect& rect,
                                        const std::function<std::span<const float>(std::int32_t z)>& row);

// How far a mesh's skirts must hang so that, seen from above, no opening
// shows between it and any neighbour whose mesh has an error up to
// `neighbourErrorM`: along a shared border each surface is within its own
// error of the full-resolution border, so the gap is at most the sum. A
// centimetre more absorbs float32 rounding of the positions. 0 when both are
// 0: meshes at error 0 share their borders exactly.
ISLA_API double skirtDepth(double ownErrorM, double neighbourErrorM);

}  // namespace isla
