// SPDX-License-Identifier: MIT
#include "region_filler.hpp"

namespace isla_water {

RegionFiller::RegionFiller(const isla::Raster& ids)
    : ids_(ids.values<std::uint16_t>()),
      size_(static_cast<std::uint32_t>(ids.mapSize())),
      visited_((ids.pixelCount() + 63) / 64, 0) {}

std::uint64_t RegionFiller::fill(std::uint64_t start) {
  if (marked(start)) return 0;
  const std::uint16_t id = ids_[start].value();
  std::uint64_t count = 0;
  stack_.clear();
  stack_.push_back({static_cast<std::uint32_t>(start / size_), static_cast<std::uint32_t>(start % size_)});
  while (!stack_.empty()) {
    const Seed seed = stack_.back();
    stack_.pop_back();
    if (marked(index(seed.x, seed.y))) continue;  // a run reached twice
    // The run through the seed along Y, the contiguous axis.
    std::uint32_t low = seed.y;
    std::uint32_t high = seed.y;
    while (low > 0 && open(seed.x, low - 1, id)) --low;
    while (high + 1 < size_ && open(seed.x, high + 1, id)) ++high;
    for (std::uint32_t y = low; y <= high; ++y) mark(index(seed.x, y));
    count += high - low + 1;
    if (seed.x > 0) seedRuns(seed.x - 1, low, high, id);
    if (seed.x + 1 < size_) seedRuns(seed.x + 1, low, high, id);
  }
  return count;
}

void RegionFiller::seedRuns(std::uint32_t x, std::uint32_t low, std::uint32_t high, std::uint16_t id) {
  for (std::uint32_t y = low; y <= high; ++y) {
    if (!open(x, y, id)) continue;
    stack_.push_back({x, y});
    while (y < high && open(x, y + 1, id)) ++y;
  }
}

}  // namespace isla_water
