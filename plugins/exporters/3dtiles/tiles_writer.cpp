// SPDX-License-Identifier: MIT
// The levels are made from the leaves up, so that a tile's bounds and error
// can take its children's. Each level streams the world once, a band of
// blocks at a time (a block is a tile, or a square of at most kBlockCells of
// a larger one); the blocks of a band are meshed on the job's threads, and a
// tile is written as soon as its last block is, so that neither the world
// nor a level is ever held whole.
#include "tiles_writer.hpp"

#include <isla/io_error.hpp>
#include <isla/parallel.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>

#include "biome_image.hpp"
#include "scenery_content.hpp"
#include "tile_content.hpp"
#include "tileset_json.hpp"

namespace isla_3dtiles {

namespace {

namespace fs = std::filesystem;

// At most 1025^2 samples are meshed at once, however large the tile.
constexpr std::int64_t kBlockCells = 1024;

class LevelWriter {
 public:
  LevelWriter(const isla::ExportInput& input, const TilesOptions& options, const Quadtree& tree,
              std::vector<LevelSummaries>& levels, const fs::path& stage)
      : input_(input), options_(options), tree_(tree), levels_(levels), stage_(stage) {}

  // The error asked of a level's meshes: 0 (the contract's triangles) at
  // the leaves, `error` above them, doubled at each level up.
  double askedErrorM(std::int32_t level) const {
    return level == tree_.leafLevel() ? 0 : std::ldexp(options_.errorM, tree_.leafLevel() - 1 - level);
  }

  void write(std::int32_t level) {
    LevelSummaries& summaries = levels_[static_cast<std::size_t>(level)];
    summaries.columns = tree_.columns(level);
    summaries.rows = tree_.rows(level);
    summaries.tiles.assign(static_cast<std::size_t>(summaries.columns * summaries.rows), {});
    const std::int64_t side = tree_.side(level);
    const std::int64_t block = std::min(side, std::max<std::int64_t>(kBlockCells, options_.tileCells));
    const std::int64_t perTile = side / block;
    // A tile's skirts reach below the deepest crack any neighbour can open:
    // its own error and the root's, the largest any tile is asked.
    const double skirtM = askedErrorM(level) + askedErrorM(0);
    WorldBand band(input_.world, tree_);
    const std::int64_t blockColumns = (tree_.worldCellsX() + block - 1) / block;
    const std::int64_t blockRows = (tree_.worldCellsZ() + block - 1) / block;
    std::vector<std::optional<TileContent>> open(static_cast<std::size_t>(summaries.columns));
    for (std::int64_t j = 0; j < std::max<std::int64_t>(blockRows, 1); ++j) {
      band.load(j * block, std::min((j + 1) * block, tree_.worldCellsZ()));
      std::vector<std::optional<TileContent>> blocks(static_cast<std::size_t>(blockColumns));
      isla::parallelFor(blocks.size(), input_.threads, [&](std::size_t i) {
        const TileKey key{level, static_cast<std::int64_t>(i) / perTile, j / perTile};
        const CellRect tile = tree_.rect(key);
        const CellRect rect{static_cast<std::int64_t>(i) * block,
                            std::min((static_cast<std::int64_t>(i) + 1) * block, tree_.worldCellsX()), j * block,
                            std::min((j + 1) * block, tree_.worldCellsZ())};
        TileContent content(input_.world, tile, skirtM);
        for (const Piece& piece : tree_.pieces(rect))
          content.add(piece, meshPiece(piece, band, askedErrorM(level)), band);
        if (perTile == 1) {
          finish(key, content);
        } else {
          blocks[i] = std::move(content);
        }
      });
      if (perTile == 1) continue;
      for (std::size_t i = 0; i < blocks.size(); ++i) {
        auto& tile = open[i / static_cast<std::size_t>(perTile)];
        if (!tile) {
          tile = std::move(blocks[i]);
        } else {
          tile->append(std::move(*blocks[i]));
        }
      }
      if ((j + 1) % perTile == 0 || j + 1 == blockRows) {
        isla::parallelFor(open.size(), input_.threads, [&](std::size_t x) {
          finish({level, static_cast<std::int64_t>(x), j / perTile}, *open[x]);
        });
        std::fill(open.begin(), open.end(), std::nullopt);
      }
    }
  }

 private:
  void finish(const TileKey& key, const TileContent& content) {
    if (content.empty()) return;
    TileSummary& tile = levels_[static_cast<std::size_t>(key.level)].at(key.x, key.z);
    const CellRect rect = tree_.rect(key);
    const double spacing = input_.world.settings.spacingM;
    tile.exists = true;
    tile.bounds.add(static_cast<double>(rect.x0) * spacing, content.minHeightM(),
                    static_cast<double>(rect.z0) * spacing);
    tile.bounds.add(static_cast<double>(rect.x1) * spacing, content.maxHeightM(),
                    static_cast<double>(rect.z1) * spacing);
    tile.measuredErrorM = content.errorM();
    tile.errorM = tile.measuredErrorM;
    if (key.level < tree_.leafLevel()) {
      const LevelSummaries& below = levels_[static_cast<std::size_t>(key.level) + 1];
      for (std::int64_t z = 2 * key.z; z <= std::min(2 * key.z + 1, below.rows - 1); ++z) {
        for (std::int64_t x = 2 * key.x; x <= std::min(2 * key.x + 1, below.columns - 1); ++x) {
          const TileSummary& child = below.at(x, z);
          if (!child.exists) continue;
          tile.bounds.add(child.bounds);
          // Refining must never show more error than the tile it replaces.
          tile.errorM = std::max(tile.errorM, std::nextafter(child.errorM, std::numeric_limits<double>::infinity()));
        }
      }
    }
    content.write(stage_ / tileUri(key), "../" + std::string(isla_png::kBiomeDirectory) + "/");
  }

  const isla::ExportInput& input_;
  const TilesOptions& options_;
  const Quadtree& tree_;
  std::vector<LevelSummaries>& levels_;
  const fs::path& stage_;
};

}  // namespace

void writeTiles(const isla::ExportInput& input, const TilesOptions& options, const fs::path& stage) {
  const isla::World& world = input.world;
  isla_png::writeBiomeImages(stage, world, input.enums);
  isla::createDirectory(stage / kTileDirectory);
  const Quadtree tree(world, options.tileCells);
  std::vector<LevelSummaries> levels(static_cast<std::size_t>(tree.leafLevel()) + 1);
  LevelWriter writer(input, options, tree, levels, stage);
  for (std::int32_t level = tree.leafLevel(); level >= 0; --level) {
    writer.write(level);
    input.progress.update(0.05 + 0.9 * (tree.leafLevel() - level + 1) / (tree.leafLevel() + 1.0));
  }
  const Extras extras{.water = writeWater(world, stage), .scenery = writeScenery(world, stage)};
  writeTileset(stage, options, levels, extras);
  input.progress.update(1.0);
}

}  // namespace isla_3dtiles
