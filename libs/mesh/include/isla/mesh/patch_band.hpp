// SPDX-License-Identifier: MIT
// A band of a patch's rows, copied out of its stream (World::heights), so
// that the chunks of one band (TerrainMesher rectangles) and the rows around
// them (for normals) can be read in any order and from several threads. The
// next band keeps the rows it shares with this one; nothing else of the
// patch is held.
#pragma once

#include <cstdint>
#include <deque>
#include <span>
#include <vector>

#include "isla/world/world.hpp"

namespace isla {

class PatchBand {
 public:
  PatchBand(const World& world, std::size_t patch) : stream_(world.heights(patch)) {}

  // Holds rows [first, last]; `first` and `last` never decrease from one call to the next.
  void load(std::int32_t first, std::int32_t last) {
    while (!held_.empty() && first_ < first) held_.pop_front(), ++first_;
    if (held_.empty()) first_ = next_ = first;
    for (; next_ <= last; ++next_) {
      const auto row = stream_.row(next_);
      held_.emplace_back(row.begin(), row.end());
    }
  }

  std::span<const float> row(std::int32_t z) const { return held_.at(static_cast<std::size_t>(z - first_)); }

 private:
  PatchRows stream_;
  std::deque<std::vector<float>> held_;
  std::int32_t first_ = 0;  // the row held_.front() is
  std::int32_t next_ = 0;   // the next row to read from the stream
};

}  // namespace isla
