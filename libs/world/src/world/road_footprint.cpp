// SPDX-License-Identifier: MIT
#include "road_footprint.hpp"

#include <algorithm>
#include <cmath>

#include "isla/world/material_layers.hpp"

namespace isla {

namespace {

constexpr std::int32_t kBucketRows = 64;
constexpr double kHalfDiagonal = 0.70710678118654757;

}  // namespace

RoadFootprint::RoadFootprint(const Blueprint& blueprint, std::int32_t mapSize, double spacingM)
    : buckets_(static_cast<std::size_t>((mapSize + kBucketRows - 1) / kBucketRows)) {
  for (const RoadClass road : kRoadClasses) {
    const RoadTier* tier = roadTier(blueprint, road);
    if (!tier) continue;
    const double width = kRoadWidthM[static_cast<std::size_t>(road)] / spacingM;
    const double core = std::max(width / 2, kHalfDiagonal);
    const double reach = core + width / 2;
    for (std::size_t p = 0; p < tier->paths.size(); ++p) {
      const auto points = tier->paths.path(p);
      if (points.size() == 1) segments_.push_back({points[0].x, points[0].y, points[0].x, points[0].y, core, reach});
      for (std::size_t i = 0; i + 1 < points.size(); ++i) {
        segments_.push_back({points[i].x, points[i].y, points[i + 1].x, points[i + 1].y, core, reach});
      }
    }
  }
  const auto last = static_cast<std::int64_t>(buckets_.size()) - 1;
  for (std::size_t s = 0; s < segments_.size(); ++s) {
    const Segment& segment = segments_[s];
    const double low = std::min(segment.az, segment.bz) - segment.reach;
    const double high = std::max(segment.az, segment.bz) + segment.reach;
    const bool finite = std::isfinite(segment.ax + segment.az + segment.bx + segment.bz);
    if (!finite || high < 0 || low > mapSize - 1) continue;
    const auto first = static_cast<std::int64_t>(std::max(low, 0.0)) / kBucketRows;
    const auto end = std::min(static_cast<std::int64_t>(std::min(high, double(mapSize - 1))) / kBucketRows, last);
    for (std::int64_t bucket = first; bucket <= end; ++bucket) {
      buckets_[static_cast<std::size_t>(bucket)].push_back(static_cast<std::uint32_t>(s));
    }
  }
}

std::uint8_t RoadFootprint::weight(const Segment& segment, double x, double z) {
  const double dx = segment.bx - segment.ax, dz = segment.bz - segment.az;
  const double length2 = dx * dx + dz * dz;
  const double t = length2 > 0 ? std::clamp(((x - segment.ax) * dx + (z - segment.az) * dz) / length2, 0.0, 1.0) : 0.0;
  const double distance = std::hypot(x - (segment.ax + t * dx), z - (segment.az + t * dz));
  if (distance <= segment.core) return 255;
  if (distance >= segment.reach) return 0;
  return static_cast<std::uint8_t>(std::lround(255.0 * (segment.reach - distance) / (segment.reach - segment.core)));
}

void RoadFootprint::rasterise(std::int32_t z0, std::int32_t z1, std::int32_t x0, std::int32_t x1,
                              std::span<std::uint8_t> out) const {
  std::fill(out.begin(), out.end(), std::uint8_t{0});
  if (z1 <= z0 || segments_.empty()) return;
  const auto width = static_cast<std::size_t>(x1 - x0);
  std::vector<std::uint32_t> visible;
  for (std::int32_t bucket = z0 / kBucketRows; bucket <= (z1 - 1) / kBucketRows; ++bucket) {
    const auto& list = buckets_[static_cast<std::size_t>(bucket)];
    visible.insert(visible.end(), list.begin(), list.end());
  }
  std::sort(visible.begin(), visible.end());
  visible.erase(std::unique(visible.begin(), visible.end()), visible.end());
  for (const std::uint32_t s : visible) {
    const Segment& segment = segments_[s];
    const auto clampedRange = [](double low, double high, std::int32_t begin, std::int32_t end) {
      const auto first = static_cast<std::int32_t>(std::clamp(std::ceil(low), double(begin), double(end)));
      const auto last = static_cast<std::int32_t>(std::clamp(std::floor(high) + 1, double(begin), double(end)));
      return std::pair{first, last};
    };
    const auto [zFirst, zEnd] = clampedRange(std::min(segment.az, segment.bz) - segment.reach,
                                             std::max(segment.az, segment.bz) + segment.reach, z0, z1);
    const auto [xFirst, xEnd] = clampedRange(std::min(segment.ax, segment.bx) - segment.reach,
                                             std::max(segment.ax, segment.bx) + segment.reach, x0, x1);
    for (std::int32_t z = zFirst; z < zEnd; ++z) {
      std::uint8_t* row = &out[static_cast<std::size_t>(z - z0) * width];
      for (std::int32_t x = xFirst; x < xEnd; ++x) {
        std::uint8_t& cell = row[x - x0];
        cell = std::max(cell, weight(segment, x, z));
      }
    }
  }
}

}  // namespace isla
