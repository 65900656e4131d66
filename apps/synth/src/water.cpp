// SPDX-License-Identifier: MIT
#include "isla/synth/water.hpp"

#include <algorithm>
#include <limits>

#include "isla/synth/water_level.hpp"

namespace isla::synth {

namespace {

// A lake pixel not yet given its id; above every id the labelling hands out.
constexpr std::uint16_t kUnlabelledLake = std::numeric_limits<std::uint16_t>::max();

struct BodyTally {
  std::int64_t pixels = 0;
  std::uint64_t sumX = 0;  // exact: integer sums, divided once at the end
  std::uint64_t sumY = 0;

  void add(std::int32_t x, std::int32_t y) {
    ++pixels;
    sumX += static_cast<std::uint64_t>(x);
    sumY += static_cast<std::uint64_t>(y);
  }
  WaterBody body(std::uint16_t id, WaterType type, Salinity salinity, float level) const {
    const auto count = static_cast<double>(pixels);
    return {id,
            type,
            salinity,
            level,
            static_cast<std::int32_t>(pixels),
            static_cast<float>(static_cast<double>(sumX) / count),
            static_cast<float>(static_cast<double>(sumY) / count)};
  }
};

// Gives `id` to the 4-connected region of pixels holding `from`, starting at
// (x, y), which must hold `from`; `accept` filters further.
template <class Accept>
BodyTally fill(Grid<std::uint16_t>& ids, std::vector<std::uint32_t>& stack, std::int32_t x, std::int32_t y,
               std::uint16_t from, std::uint16_t id, Accept accept) {
  BodyTally tally;
  const std::int32_t size = ids.size();
  auto visit = [&](std::int32_t px, std::int32_t py) {
    if (!ids.contains(px, py)) return;
    const std::size_t i = ids.index(px, py);
    if (ids[i] != from || !accept(i)) return;
    ids[i] = id;
    tally.add(px, py);
    stack.push_back(static_cast<std::uint32_t>(i));
  };
  visit(x, y);
  while (!stack.empty()) {
    const std::uint32_t i = stack.back();
    stack.pop_back();
    const auto px = static_cast<std::int32_t>(i / static_cast<std::uint32_t>(size));
    const auto py = static_cast<std::int32_t>(i % static_cast<std::uint32_t>(size));
    visit(px - 1, py);
    visit(px + 1, py);
    visit(px, py - 1);
    visit(px, py + 1);
  }
  return tally;
}

}  // namespace

Water classifyWater(Grid<float>& heights, float seaLevel, const std::vector<LakeBasin>& lakes,
                    const Workers& workers) {
  const std::int32_t size = heights.size();
  Water water{Grid<std::uint16_t>(size), {}};
  Grid<std::uint16_t>& ids = water.ids;

  // The basins' own predicate marks the lake pixels.
  for (const auto& lake : lakes) {
    const PixelBox box = lake.bounds(1, size);
    for (std::int32_t x = box.x0; x <= box.x1; ++x) {
      for (std::int32_t y = box.y0; y <= box.y1; ++y) {
        if (lake.contains(x, y)) ids(x, y) = kUnlabelledLake;
      }
    }
  }

  // The ocean: one flood from every below-sea border pixel.
  std::vector<std::uint32_t> stack;
  BodyTally ocean;
  const auto belowSea = [&](std::size_t i) { return heights[i] < seaLevel; };
  for (std::int32_t edge = 0; edge < size; ++edge) {
    const std::int32_t points[4][2] = {{edge, 0}, {edge, size - 1}, {0, edge}, {size - 1, edge}};
    for (const auto& point : points) {
      const BodyTally part = fill(ids, stack, point[0], point[1], 0, kOceanId, belowSea);
      ocean.pixels += part.pixels;
      ocean.sumX += part.sumX;
      ocean.sumY += part.sumY;
    }
  }

  // Pits below the sea that the flood did not reach become land, and no
  // height is left within a step of the sea level.
  const auto oceanCeiling = static_cast<float>(seaLevel - kLevelStep);
  const auto landFloor = static_cast<float>(seaLevel + kLevelStep);
  workers.forBands(size, [&](std::size_t, std::int32_t begin, std::int32_t end) {
    for (std::size_t i = ids.index(begin, 0); i < ids.index(end, 0); ++i) {
      if (ids[i] == kOceanId) {
        heights[i] = std::min(heights[i], oceanCeiling);
      } else if (ids[i] == 0) {
        heights[i] = std::max(heights[i], landFloor);
      }
    }
  });

  water.bodies.push_back(ocean.body(kOceanId, WaterType::Ocean, Salinity::Salt, seaLevel));
  // Lakes: numbered in scan order of their first pixel, one id per
  // 4-connected region.
  std::uint16_t nextId = kFirstLakeId;
  const auto anyPixel = [](std::size_t) { return true; };
  for (std::int32_t x = 0; x < size; ++x) {
    for (std::int32_t y = 0; y < size; ++y) {
      if (ids(x, y) != kUnlabelledLake) continue;
      const auto lake =
          std::find_if(lakes.begin(), lakes.end(), [&](const LakeBasin& l) { return l.contains(x, y); });
      const BodyTally tally = fill(ids, stack, x, y, kUnlabelledLake, nextId, anyPixel);
      water.bodies.push_back(tally.body(nextId, WaterType::Lake, Salinity::Fresh, lake->level));
      ++nextId;
    }
  }

  return water;
}

Grid<std::uint16_t> waterSurface(const Water& water, const Workers& workers) {
  const Grid<std::uint16_t>& ids = water.ids;
  std::vector<std::uint16_t> encoded(water.bodies.size() + 1, 0);
  for (const auto& body : water.bodies) encoded[body.id] = isla::water_surface::encodeWaterLevel(body.surfaceLevel).value();
  Grid<std::uint16_t> surface(ids.size());
  workers.forBands(ids.size(), [&](std::size_t, std::int32_t begin, std::int32_t end) {
    for (std::size_t i = ids.index(begin, 0); i < ids.index(end, 0); ++i) surface[i] = encoded[ids[i]];
  });
  return surface;
}

}  // namespace isla::synth
