// SPDX-License-Identifier: MIT
#include "isla/model/polylines.hpp"

#include "isla/io/byte_reader.hpp"
#include "isla/io/byte_writer.hpp"

namespace isla {

std::span<const Point2f> PolylineSet::path(std::size_t index) const {
  return std::span(points_).subspan(starts_[index], starts_[index + 1] - starts_[index]);
}

void PolylineSet::addPath(std::span<const Point2f> points) {
  points_.insert(points_.end(), points.begin(), points.end());
  starts_.push_back(points_.size());
}

PolylineSet readPolylines(ByteReader& in) {
  PolylineSet set;
  const std::uint32_t paths = in.count(4, "path");
  std::vector<Point2f> points;
  for (std::uint32_t p = 0; p < paths; ++p) {
    const std::uint32_t count = in.count(8, "point");
    points.resize(count);
    for (auto& point : points) {
      point.x = in.f32();
      point.y = in.f32();
    }
    set.addPath(points);
  }
  return set;
}

void writePolylines(const PolylineSet& set, ByteWriter& out) {
  out.i32(static_cast<std::int32_t>(set.size()));
  for (std::size_t p = 0; p < set.size(); ++p) {
    const auto points = set.path(p);
    out.i32(static_cast<std::int32_t>(points.size()));
    for (const auto& point : points) {
      out.f32(point.x);
      out.f32(point.y);
    }
  }
}

}  // namespace isla
