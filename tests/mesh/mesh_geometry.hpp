// SPDX-License-Identifier: MIT
// What the mesher's tests read off a TerrainMesh by plain geometry, without
// the mesher's own code: the surface's height at every sample, the surface
// and skirt profiles along a side, and the mesh's edges.
#pragma once

#include <map>
#include <optional>
#include <utility>
#include <vector>

#include <isla/mesh/terrain_mesher.hpp>
#include <isla/world/world.hpp>

namespace isla::test {

struct SurfaceCheck {
  double errorM = 0;            // largest |surface - height| at a sample
  std::size_t uncovered = 0;    // samples under no triangle
  std::size_t facingDown = 0;   // surface triangles not counter-clockwise seen from +Y
  double areaCells = 0;         // the triangles' area, in cells
  std::size_t misplaced = 0;    // vertices whose x or z is not their sample's
};

// Every sample of `rect` (heights row by row) against the surface triangles
// that cover it, found by barycentric coordinates.
SurfaceCheck checkSurface(const TerrainMesh& mesh, const SampleRect& rect, const std::vector<float>& heights,
                          double spacingM);

// How many surface triangles use each undirected edge (vertex pair).
std::map<std::pair<std::uint32_t, std::uint32_t>, int> surfaceEdgeUses(const TerrainMesh& mesh);

// A piecewise-linear profile along one side of a rectangle, in world metres
// along the side.
class Profile {
 public:
  void add(double t0, double h0, double t1, double h1);
  // The height at t, or nothing where no segment covers t.
  std::optional<double> at(double t) const;

 private:
  std::vector<std::array<double, 4>> segments_;  // t0 < t1
};

struct SideProfiles {
  Profile surface;
  Profile skirtBottom;
};

// The side of `rect` (a rectangle of `patch`) that `side` names: the
// surface's edges on it and the skirt's lower edges under it.
SideProfiles sideProfiles(const TerrainMesh& mesh, const SampleRect& rect, Side side, const Patch& patch,
                          double spacingM);

}  // namespace isla::test
