// SPDX-License-Identifier: MIT
#include "mesh_geometry.hpp"

#include <algorithm>
#include <cmath>

namespace isla::test {

SurfaceCheck checkSurface(const TerrainMesh& mesh, const SampleRect& rect, const std::vector<float>& heights,
                          double spacingM) {
  SurfaceCheck check;
  std::vector<bool> covered(heights.size(), false);
  const auto& p = mesh.positions;
  for (std::size_t i = 0; i < mesh.surfaceIndices; i += 3) {
    double x[3], y[3], z[3];
    for (std::size_t k = 0; k < 3; ++k) {
      const std::size_t v = mesh.indices[i + k];
      x[k] = mesh.samples[v][0] - rect.x0, y[k] = p[3 * v + 1], z[k] = mesh.samples[v][1] - rect.z0;
      // The positions' x and z are the samples', in metres.
      if (p[3 * v] != static_cast<float>(x[k] * spacingM) || p[3 * v + 2] != static_cast<float>(z[k] * spacingM)) {
        ++check.misplaced;
      }
    }
    // Seen from +Y with x east and z south, counter-clockwise is a negative turn.
    const double turn = (x[1] - x[0]) * (z[2] - z[0]) - (z[1] - z[0]) * (x[2] - x[0]);
    if (turn >= 0) ++check.facingDown;
    check.areaCells += std::abs(turn) / 2;
    const auto lowX = static_cast<std::int32_t>(std::min({x[0], x[1], x[2]}));
    const auto highX = static_cast<std::int32_t>(std::max({x[0], x[1], x[2]}));
    const auto lowZ = static_cast<std::int32_t>(std::min({z[0], z[1], z[2]}));
    const auto highZ = static_cast<std::int32_t>(std::max({z[0], z[1], z[2]}));
    for (std::int32_t sz = lowZ; sz <= highZ; ++sz) {
      for (std::int32_t sx = lowX; sx <= highX; ++sx) {
        // Barycentric numerators: whole numbers, exact in a double.
        const double n1 = (sx - x[0]) * (z[2] - z[0]) - (sz - z[0]) * (x[2] - x[0]);
        const double n2 = (x[1] - x[0]) * (sz - z[0]) - (z[1] - z[0]) * (sx - x[0]);
        const double n0 = turn - n1 - n2;
        if (n0 * turn < 0 || n1 * turn < 0 || n2 * turn < 0) continue;
        const double w0 = n0 / turn, w1 = n1 / turn, w2 = n2 / turn;
        const auto at = static_cast<std::size_t>(sz * rect.width() + sx);
        covered.at(at) = true;
        const double surface = w0 * y[0] + w1 * y[1] + w2 * y[2];
        check.errorM = std::max(check.errorM, std::abs(surface - heights[at]));
      }
    }
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
