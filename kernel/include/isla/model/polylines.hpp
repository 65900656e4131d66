// SPDX-License-Identifier: MIT
// A set of polylines in pixel coordinates (the road tiers).
#pragma once

#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

namespace isla {

class ByteReader;
class ByteWriter;

struct Point2f {
  float x = 0;
  float y = 0;
};

class PolylineSet {
 public:
  std::size_t size() const { return starts_.size() - 1; }
  std::size_t pointCount() const { return points_.size(); }
  std::span<const Point2f> path(std::size_t index) const;
  void addPath(std::span<const Point2f> points);

 private:
  std::vector<std::size_t> starts_{0};
  std::vector<Point2f> points_;
};

// i32 pathCount, then per path i32 pointCount and pointCount x (f32 X, f32 Y).
PolylineSet readPolylines(ByteReader& in);
void writePolylines(const PolylineSet& set, ByteWriter& out);

}  // namespace isla
