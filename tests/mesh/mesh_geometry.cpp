// SPDX-License-Identifier: MIT
#include "mesh_geometry.hpp"

#include "mesh_checks.hpp"

#include <algorithm>
#include <cmath>

namespace isla::test {

SurfaceCheck checkSurface(const TerrainMesh& mesh, const SampleRect& rect, const std::vector<float>& heights,
                          double spacingM) {
  SurfaceCheck check;
  std::vector<bool> covered(heights.size(), false);
  const auto& p = mesh.positions;
  for (std::size_t i = 0; i < mesh.surfaceIndices; i += 3) {
    SampleTriangle triangle;
    for (std::size_t k = 0; k < 3; ++k) {
      const std::size_t v = mesh.indices[i + k];
      const double x = mesh.samples[v][0] - rect.x0, z = mesh.samples[v][1] - rect.z0;
      triangle.x[k] = x, triangle.y[k] = p[3 * v + 1], triangle.z[k] = z;
      // The positions' x and z are the samples', in metres.
      if (p[3 * v] != static_cast<float>(x * spacingM) || p[3 * v + 2] != static_cast<float>(z * spacingM)) {
        ++check.misplaced;
      }
    }
    if (triangle.turn() >= 0) ++check.facingDown;
    check.areaCells += std::abs(triangle.turn()) / 2;
    forEachSampleUnder(triangle, [&](std::int32_t x, std::int32_t z, double surface) {
      const auto at = static_cast<std::size_t>(z * rect.width() + x);
      covered.at(at) = true;
      check.errorM = std::max(check.errorM, std::abs(surface - heights[at]));
    });
  }
  check.uncovered = static_cast<std::size_t>(std::count(covered.begin(), covered.end(), false));
  return check;
}

std::map<std::pair<std::uint32_t, std::uint32_t>, int> surfaceEdgeUses(const TerrainMesh& mesh) {
  std::map<std::pair<std::uint32_t, std::uint32_t>, int> uses;
  for (std::size_t i = 0; i < mesh.surfaceIndices; i += 3) {
    for (std::size_t k = 0; k < 3; ++k) {
      const std::uint32_t a = mesh.indices[i + k], b = mesh.indices[i + (k + 1) % 3];
      ++uses[{std::min(a, b), std::max(a, b)}];
    }
  }
  return uses;
}

void Profile::add(double t0, double h0, double t1, double h1) {
  if (t0 > t1) std::swap(t0, t1), std::swap(h0, h1);
  segments_.push_back({t0, h0, t1, h1});
}

std::optional<double> Profile::at(double t) const {
  for (const auto& [t0, h0, t1, h1] : segments_) {
    if (t == t0) return h0;
    if (t == t1) return h1;
    if (t0 < t && t < t1) return h0 + (t - t0) / (t1 - t0) * (h1 - h0);
  }
  return std::nullopt;
}

SideProfiles sideProfiles(const TerrainMesh& mesh, const SampleRect& rect, Side side, const Patch& patch,
                          double spacingM) {
  const bool alongX = side == Side::North || side == Side::South;
  const auto onSide = [&](std::uint32_t v) {
    const auto [x, z] = mesh.samples[v];
    switch (side) {
      case Side::North: return z == rect.z0;
      case Side::South: return z == rect.z1;
      case Side::West: return x == rect.x0;
      case Side::East: return x == rect.x1;
    }
    return false;
  };
  const auto along = [&](std::uint32_t v) {
    return alongX ? patch.originX + mesh.samples[v][0] * spacingM : patch.originZ + mesh.samples[v][1] * spacingM;
  };
  const auto height = [&](std::uint32_t v) { return static_cast<double>(mesh.positions[3 * std::size_t{v} + 1]); };
  SideProfiles profiles;
  for (std::size_t i = 0; i < mesh.indices.size(); i += 3) {
    const bool skirt = i >= mesh.surfaceIndices;
    for (std::size_t k = 0; k < 3; ++k) {
      const std::uint32_t a = mesh.indices[i + k], b = mesh.indices[i + (k + 1) % 3];
      if (!onSide(a) || !onSide(b) || mesh.samples[a] == mesh.samples[b]) continue;
      const bool lower = a >= mesh.surfaceVertices && b >= mesh.surfaceVertices;
      if (!skirt) profiles.surface.add(along(a), height(a), along(b), height(b));
      else if (lower) profiles.skirtBottom.add(along(a), height(a), along(b), height(b));
    }
  }
  return profiles;
}

}  // namespace isla::test
