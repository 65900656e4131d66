// SPDX-License-Identifier: MIT
#include "water_regions.hpp"

#include <algorithm>
#include <limits>
#include <map>


namespace isla {

namespace {

struct Box {
  std::int32_t minX = std::numeric_limits<std::int32_t>::max();
  std::int32_t minZ = std::numeric_limits<std::int32_t>::max();
  std::int32_t maxX = -1;
  std::int32_t maxZ = -1;
  bool empty() const { return maxX < 0; }
};

// The bounding box of every body id's pixels, in one pass over the grid.
// A column is taken a run of equal ids at a time: bodies are large and
// contiguous, so a box is updated once a run instead of once a pixel.
std::vector<Box> boxesOf(const Raster& ids) {
  std::vector<Box> boxes(std::size_t{1} << 16);
  const auto values = ids.values<std::uint16_t>();
  const std::int32_t n = ids.mapSize();
  for (std::int32_t x = 0; x < n; ++x) {
    const auto* column = &values[static_cast<std::size_t>(x) * static_cast<std::size_t>(n)];
    for (std::int32_t z = 0; z < n;) {
      const std::uint16_t id = column[z].value();
      const std::int32_t first = z;
      while (z < n && column[z].value() == id) ++z;
      if (id == 0) continue;
      Box& box = boxes[id];
      box.minX = std::min(box.minX, x);
      box.maxX = std::max(box.maxX, x);
      box.minZ = std::min(box.minZ, first);
      box.maxZ = std::max(box.maxZ, z - 1);
    }
  }
  return boxes;
}

}  // namespace

std::vector<WaterRegion> findWaterRegions(const World& world, std::size_t sourceIndex,
                                          std::vector<WorldWarning>& warnings) {
  const WorldSource& source = world.sources[sourceIndex];
  const auto* bodies = source.role<WaterBodyTable>();
  const auto* ids = source.role<WaterBodyIdGrid>();
  if (!bodies || !ids) return {};
  const std::vector<Box> boxes = boxesOf(ids->ids);
  std::map<std::uint16_t, const WaterBody*> byId;
  for (const WaterBody& body : bodies->bodies) byId.emplace(body.id, &body);

  const Patch& patch = world.patches[source.patch];
  const double spacing = world.settings.spacingM;
  std::vector<WaterRegion> regions;
  for (const auto& [id, body] : byId) {
    const Box& box = boxes[id];
    if (box.empty()) {
      warnings.push_back({"water.empty-body", source.id,
                          "source " + source.id + ": water body " + std::to_string(id) +
                              " has no WBID pixel, so it gets no water region"});
      continue;
    }
    WaterRegion region;
    region.id = source.ns + ":water:" + std::to_string(id);
    region.source = sourceIndex;
    region.patch = source.patch;
    region.bodyId = id;
    region.kind = waterKindName(body->kind);
    region.minX = patch.originX + box.minX * spacing;
    region.minZ = patch.originZ + box.minZ * spacing;
    region.maxX = patch.originX + box.maxX * spacing;
    region.maxZ = patch.originZ + box.maxZ * spacing;
    region.levelM = static_cast<double>(body->surfaceLevelRaw) * world.settings.heightScaleM;
    regions.push_back(std::move(region));
  }
  return regions;
}

}  // namespace isla
