// SPDX-License-Identifier: MIT
#include "water_regions.hpp"

#include <algorithm>
#include <charconv>
#include <map>

namespace isla {

WaterBoxes waterBoxes(const Raster& ids) {
  WaterBoxes boxes;
  const auto values = ids.values<std::uint16_t>();
  const std::int32_t n = ids.mapSize();
  // A column is taken a run of equal ids at a time: bodies are large and
  // contiguous, so a box is updated once a run instead of once a pixel.
  for (std::int32_t x = 0; x < n; ++x) {
    const auto* column = &values[static_cast<std::size_t>(x) * static_cast<std::size_t>(n)];
    for (std::int32_t z = 0; z < n;) {
      const std::uint16_t id = column[z].value();
      const std::int32_t first = z;
      while (z < n && column[z].value() == id) ++z;
      if (id == 0) continue;
      const bool seen = boxes.find(id) != nullptr;
      WaterBox& box = boxes[id];
      if (!seen) box = WaterBox{x, first, x, z - 1};
      box.minZ = std::min(box.minZ, first);
      box.maxX = x;  // columns come in increasing x
      box.maxZ = std::max(box.maxZ, z - 1);
    }
  }
  return boxes;
}

std::string waterBoxesText(const WaterBoxes& boxes) {
  std::string text;
  boxes.forEach([&](std::uint16_t id, const WaterBox& box) {
    for (const std::int64_t value : {std::int64_t{id}, std::int64_t{box.minX}, std::int64_t{box.minZ},
                                     std::int64_t{box.maxX}, std::int64_t{box.maxZ}}) {
      text += std::to_string(value);
      text.push_back(' ');
    }
    text.back() = '\n';
  });
  return text;
}

std::optional<WaterBoxes> waterBoxesFromText(std::string_view text, std::int32_t mapSize) {
  WaterBoxes boxes;
  std::int64_t previous = 0;
  while (!text.empty()) {
    std::int64_t values[5];
    for (std::size_t v = 0; v < 5; ++v) {
      const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), values[v]);
      const char separator = v < 4 ? ' ' : '\n';
      if (error != std::errc() || end == text.data() + text.size() || *end != separator) return std::nullopt;
      text.remove_prefix(static_cast<std::size_t>(end - text.data()) + 1);
    }
    const auto [id, minX, minZ, maxX, maxZ] = values;
    const bool inside = minX >= 0 && minZ >= 0 && minX <= maxX && minZ <= maxZ && maxX < mapSize && maxZ < mapSize;
    if (id <= previous || id > 0xffff || !inside) return std::nullopt;
    boxes[static_cast<std::uint16_t>(id)] = WaterBox{static_cast<std::int32_t>(minX), static_cast<std::int32_t>(minZ),
                                                     static_cast<std::int32_t>(maxX), static_cast<std::int32_t>(maxZ)};
    previous = id;
  }
  return boxes;
}

std::vector<WaterRegion> findWaterRegions(const World& world, std::size_t sourceIndex, const WaterBoxes& boxes,
                                          std::vector<WorldWarning>& warnings) {
  const WorldSource& source = world.sources[sourceIndex];
  const auto* bodies = source.role<WaterBodyTable>();
  if (!bodies || !source.role<WaterBodyIdGrid>()) return {};
  std::map<std::uint16_t, const WaterBody*> byId;
  for (const WaterBody& body : bodies->bodies) byId.emplace(body.id, &body);

  const Patch& patch = world.patches[source.patch];
  const double spacing = world.settings.spacingM;
  std::vector<WaterRegion> regions;
  for (const auto& [id, body] : byId) {
    const WaterBox* box = boxes.find(id);
    if (!box) {
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
    region.minX = patch.originX + box->minX * spacing;
    region.minZ = patch.originZ + box->minZ * spacing;
    region.maxX = patch.originX + box->maxX * spacing;
    region.maxZ = patch.originZ + box->maxZ * spacing;
    region.levelM = static_cast<double>(body->surfaceLevelRaw) * world.settings.heightScaleM;
    regions.push_back(std::move(region));
  }
  return regions;
}

}  // namespace isla
