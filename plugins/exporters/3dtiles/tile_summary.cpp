// SPDX-License-Identifier: MIT
#include "tile_summary.hpp"

#include <algorithm>

namespace isla_3dtiles {

std::vector<LevelSummaries> emptySummaries(const Quadtree& tree) {
  std::vector<LevelSummaries> levels(static_cast<std::size_t>(tree.leafLevel()) + 1);
  for (std::int32_t level = 0; level <= tree.leafLevel(); ++level) {
    LevelSummaries& summaries = levels[static_cast<std::size_t>(level)];
    summaries.columns = tree.columns(level);
    summaries.rows = tree.rows(level);
    summaries.tiles.assign(static_cast<std::size_t>(summaries.columns * summaries.rows), {});
  }
  return levels;
}

void summarizeContent(TileSummary& tile, const CellRect& rect, double spacingM, double minHeightM, double maxHeightM,
                      double measuredErrorM) {
  tile.exists = true;
  tile.bounds.add(static_cast<double>(rect.x0) * spacingM, minHeightM, static_cast<double>(rect.z0) * spacingM);
  tile.bounds.add(static_cast<double>(rect.x1) * spacingM, maxHeightM, static_cast<double>(rect.z1) * spacingM);
  tile.measuredErrorM = measuredErrorM;
  tile.errorM = measuredErrorM;
}

std::vector<TileKey> endBranches(std::vector<LevelSummaries>& levels) {
  std::vector<TileKey> gone;
  std::vector<bool> cutAbove;  // by tile of the level above: its children go
  for (std::size_t level = 0; level < levels.size(); ++level) {
    LevelSummaries& here = levels[level];
    std::vector<bool> cut(here.tiles.size(), false);
    for (std::int64_t z = 0; z < here.rows; ++z) {
      for (std::int64_t x = 0; x < here.columns; ++x) {
        TileSummary& tile = here.at(x, z);
        const auto index = static_cast<std::size_t>(z * here.columns + x);
        if (!tile.exists) continue;
        if (level > 0 && cutAbove[static_cast<std::size_t>((z / 2) * levels[level - 1].columns + x / 2)]) {
          tile.exists = false;
          cut[index] = true;
          gone.push_back({static_cast<std::int32_t>(level), x, z});
        } else if (level + 1 < levels.size() && tile.measuredErrorM <= kBranchEndM) {
          cut[index] = true;
          tile.errorM = 0;
        }
      }
    }
    cutAbove = std::move(cut);
  }
  return gone;
}

void nestChildren(std::vector<LevelSummaries>& levels) {
  for (std::size_t level = levels.size() - 1; level-- > 0;) {
    LevelSummaries& above = levels[level];
    const LevelSummaries& below = levels[level + 1];
    for (std::int64_t tz = 0; tz < above.rows; ++tz) {
      for (std::int64_t tx = 0; tx < above.columns; ++tx) {
        TileSummary& tile = above.at(tx, tz);
        if (!tile.exists) continue;
        for (std::int64_t z = 2 * tz; z <= std::min(2 * tz + 1, below.rows - 1); ++z) {
          for (std::int64_t x = 2 * tx; x <= std::min(2 * tx + 1, below.columns - 1); ++x) {
            const TileSummary& child = below.at(x, z);
            if (!child.exists) continue;
            tile.bounds.add(child.bounds);
            // Refining must never show more error than the tile it replaces.
            tile.errorM = std::max(tile.errorM, child.errorM + kErrorStepM);
          }
        }
      }
    }
  }
}

}  // namespace isla_3dtiles
