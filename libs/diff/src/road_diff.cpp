// SPDX-License-Identifier: MIT
#include "isla/diff/road_diff.hpp"

#include <algorithm>
#include <cmath>

namespace isla::diff {

RoadChange compareRoads(FourCC tag, const PolylineSet& a, const PolylineSet& b, double tolerance) {
  RoadChange result;
  result.tag = tag;
  result.pathsA = a.size();
  result.pathsB = b.size();
  result.pointsA = a.pointCount();
  result.pointsB = b.pointCount();
  const std::size_t common = std::min(a.size(), b.size());
  for (std::size_t p = 0; p < common; ++p) {
    const auto from = a.path(p);
    const auto to = b.path(p);
    const std::size_t shared = std::min(from.size(), to.size());
    bool changed = from.size() != to.size();
    for (std::size_t k = 0; k < shared; ++k) {
      if (from[k].x == to[k].x && from[k].y == to[k].y) continue;
      const double d = std::hypot(static_cast<double>(to[k].x) - from[k].x, static_cast<double>(to[k].y) - from[k].y);
      if (d <= tolerance) continue;
      changed = true;
      ++result.pointsMoved;
      if (d > result.maxDisplacementPx) {
        result.maxDisplacementPx = d;
        result.maxPath = p;
        result.maxPoint = k;
      }
    }
    result.pathsChanged += changed;
    result.pointsAdded += to.size() - shared;
    result.pointsRemoved += from.size() - shared;
  }
  for (std::size_t p = common; p < a.size(); ++p) {
    ++result.pathsRemoved;
    result.pointsRemoved += a.path(p).size();
  }
  for (std::size_t p = common; p < b.size(); ++p) {
    ++result.pathsAdded;
    result.pointsAdded += b.path(p).size();
  }
  return result;
}

}  // namespace isla::diff
