// SPDX-License-Identifier: MIT
// One road tier of two blueprints: paths and points added or removed, and
// the largest displacement of a point.
#pragma once

#include <cstdint>

#include "isla/base/fourcc.hpp"
#include "isla/model/polylines.hpp"

namespace isla::diff {

struct RoadChange {
  FourCC tag;
  std::uint64_t pathsA = 0, pathsB = 0;
  std::uint64_t pointsA = 0, pointsB = 0;
  std::uint64_t pathsChanged = 0;  // paths at the same position in both whose points differ
  std::uint64_t pathsAdded = 0, pathsRemoved = 0;
  std::uint64_t pointsMoved = 0, pointsAdded = 0, pointsRemoved = 0;
  double maxDisplacementPx = 0;
  std::uint64_t maxPath = 0, maxPoint = 0;  // where the largest displacement is
};

// Paths are matched by position in the tier, points by position in the
// path; a point moved by at most `tolerance` (px) has not moved.
RoadChange compareRoads(FourCC tag, const PolylineSet& a, const PolylineSet& b, double tolerance);

}  // namespace isla::diff
