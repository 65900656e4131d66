// SPDX-License-Identifier: MIT
// An axis-aligned box in world metres (X east, Z south, Y up) that grows
// to take points and other boxes; a tile's bounding volume is made from it.
#pragma once

#include <algorithm>
#include <limits>

namespace isla_3dtiles {

struct BoxBounds {
  double minX = std::numeric_limits<double>::infinity(), minY = minX, minZ = minX;
  double maxX = -std::numeric_limits<double>::infinity(), maxY = maxX, maxZ = maxX;

  bool empty() const { return minX > maxX; }
  void add(double x, double y, double z) {
    minX = std::min(minX, x), minY = std::min(minY, y), minZ = std::min(minZ, z);
    maxX = std::max(maxX, x), maxY = std::max(maxY, y), maxZ = std::max(maxZ, z);
  }
  void add(const BoxBounds& other) {
    if (other.empty()) return;
    add(other.minX, other.minY, other.minZ);
    add(other.maxX, other.maxY, other.maxZ);
  }
};

}  // namespace isla_3dtiles
