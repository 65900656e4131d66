// SPDX-License-Identifier: MIT
// One pass over the world, a band of leaf rows at a time. Each leaf's
// pieces get one mesher each (one error pass), which makes the leaf's
// content (the contract's triangles) and that piece's share of every
// ancestor tile at the ancestor's error: an ancestor's content is its
// leaves' pieces, each meshed at its error. The leaves of a band are meshed
// and written on the job's threads; an ancestor is written as soon as its
// last band is done (its box and error take its children's once every tile
// is summarized). Neither the world nor a level is ever held whole: one band,
// the open ancestors (coarse meshes) and a summary a tile. A shard makes
// the pieces of its patches alone (tiles_shards.cpp).
#include "tiles_writer.hpp"

#include <isla/base/io_error.hpp>
#include <isla/parallel/parallel.hpp>

#include <algorithm>
#include <cmath>
#include <optional>

#include "biome_image.hpp"
#include "piece_mesh.hpp"
#include "scenery_content.hpp"
#include "tile_content.hpp"
#include "tileset_json.hpp"
#include "transition_images.hpp"
#include "vertex_coding.hpp"

namespace isla_3dtiles {

namespace {

namespace fs = std::filesystem;

class TreeWriter {
 public:
  TreeWriter(const isla::ExportInput& input, const TilesOptions& options, const Quadtree& tree,
             const std::vector<bool>& made, TileSink& sink)
      : input_(input), options_(options), tree_(tree), made_(made), sink_(sink), leaf_(tree.leafLevel()) {
    for (std::int32_t level = 0; level <= leaf_; ++level) {
      // A tile's skirts reach below the deepest crack any neighbour can
      // open: its own error and the root's, the largest any tile is asked.
      skirtM_.push_back(isla::skirtDepth(askedErrorM(level), askedErrorM(0)));
      if (level < leaf_) askedErrorsM_.push_back(askedErrorM(level));
    }
    open_.resize(static_cast<std::size_t>(leaf_));
  }

  void write() {
    WorldBand band(input_.world, tree_, made_);
    const std::int64_t side = tree_.side(leaf_), rows = tree_.rows(leaf_);
    for (std::int64_t z = 0; z < rows; ++z) {
      band.load(z * side, std::min((z + 1) * side, tree_.worldCellsZ()));
      std::vector<std::vector<TileContent>> shares(static_cast<std::size_t>(tree_.columns(leaf_)));
      isla::parallelFor(shares.size(), input_.threads, [&](std::size_t x) {
        shares[x] = writeLeaf({leaf_, static_cast<std::int64_t>(x), z}, band);
      });
      for (std::int32_t level = leaf_ - 1; level >= 0; --level) {
        auto& open = open_[static_cast<std::size_t>(level)];
        open.resize(static_cast<std::size_t>(tree_.columns(level)));
        for (std::size_t x = 0; x < shares.size(); ++x) {
          auto& tile = open[x >> (leaf_ - level)];
          if (!tile) {
            tile = std::move(shares[x][static_cast<std::size_t>(level)]);
          } else {
            tile->append(std::move(shares[x][static_cast<std::size_t>(level)]));
          }
        }
        const std::int64_t leavesDown = std::int64_t{1} << (leaf_ - level);
        if ((z + 1) % leavesDown != 0 && z + 1 != rows) continue;
        isla::parallelFor(open.size(), input_.threads, [&](std::size_t x) {
          finish({level, static_cast<std::int64_t>(x), z / leavesDown}, *open[x]);
          open[x].reset();
        });
      }
      sink_.bandDone();
      input_.progress.update(0.05 + 0.9 * static_cast<double>(z + 1) / static_cast<double>(rows));
    }
  }

 private:
  // The error asked of a level's meshes: 0 (the contract's triangles) at
  // the leaves, `error` above them, doubled at each level up.
  double askedErrorM(std::int32_t level) const {
    return level == leaf_ ? 0 : std::ldexp(options_.errorM, leaf_ - 1 - level);
  }

  // Writes the leaf and returns its share of each ancestor, by level.
  std::vector<TileContent> writeLeaf(const TileKey& key, const WorldBand& band) {
    const isla::World& world = input_.world;
    std::vector<TileContent> shares;
    for (std::int32_t level = 0; level < leaf_; ++level) {
      shares.emplace_back(world, skirtM_[static_cast<std::size_t>(level)]);
    }
    TileContent leaf(world, skirtM_.back());
    for (const Piece& piece : tree_.pieces(tree_.rect(key))) {
      if (!made_[piece.patch]) continue;
      const isla::TerrainMesher mesher = pieceMesher(piece, band, world.settings.spacingM, askedErrorsM_);
      const PieceNormals normals(world, piece, band);
      leaf.add(piece, mesher.mesh({.maxErrorM = 0, .skirtM = skirtM_.back(), .gridTriangles = false}), normals);
      for (std::int32_t level = 0; level < leaf_; ++level) {
        const auto l = static_cast<std::size_t>(level);
        shares[l].add(piece, mesher.mesh({askedErrorM(level), skirtM_[l]}), normals);
      }
    }
    finish(key, leaf);
    return shares;
  }

  void finish(const TileKey& key, const TileContent& content) {
    if (!content.empty()) sink_.take(key, content);
  }

  const isla::ExportInput& input_;
  const TilesOptions& options_;
  const Quadtree& tree_;
  const std::vector<bool>& made_;
  TileSink& sink_;
  const std::int32_t leaf_;
  std::vector<double> skirtM_;                                 // by level
  std::vector<double> askedErrorsM_;                           // by level above the leaves
  std::vector<std::vector<std::optional<TileContent>>> open_;  // by level above the leaves, by column
};

}  // namespace

GlbStyle glbStyle(const isla::World& world, const TilesOptions& options) {
  std::int32_t largest = 1;
  for (const isla::Patch& patch : world.patches) largest = std::max({largest, patch.pointsX, patch.pointsZ});
  GlbStyle style{.compress = options.compress,
                 .planarExponent = planarExponent(world.settings.spacingM, largest - 1),
                 .planarMantissas = {},
                 .imagePrefix = "../",
                 .grids = std::make_shared<GridTriangles>(options.compress)};
  const ExponentialAxis planar(style.planarExponent);
  for (std::int32_t index = 0; index < largest; ++index) {
    style.planarMantissas.push_back(planar.mantissa(index * world.settings.spacingM));
  }
  return style;
}

PackageTiles::PackageTiles(const isla::World& world, const Quadtree& tree, const TilesOptions& options,
                           const fs::path& stage)
    : world_(world), tree_(tree), style_(glbStyle(world, options)), stage_(stage), levels_(emptySummaries(tree)) {}

void PackageTiles::take(const TileKey& key, const TileContent& content) { write(key, content.store(style_)); }

void PackageTiles::write(const TileKey& key, const GlbTile& tile) {
  const std::string uri = tileUri(key);
  std::string digest;
  const HeightRange heights = writeTileGlb(stage_ / uri, world_, style_, tile, digest);
  summarizeContent(levels_[static_cast<std::size_t>(key.level)].at(key.x, key.z), tree_.rect(key),
                   world_.settings.spacingM, heights.lowestM, heights.highestM, tile.errorM);
  if (style_.digest) {
    const std::lock_guard lock(mutex_);
    digests_.emplace(uri, std::move(digest));
  }
}

void meshTiles(const isla::ExportInput& input, const TilesOptions& options, const Quadtree& tree,
               const std::vector<bool>& made, TileSink& sink) {
  TreeWriter(input, options, tree, made, sink).write();
}

void writeTerrainImages(const isla::ExportInput& input, const std::vector<std::size_t>& patches,
                        const fs::path& stage) {
  std::vector<std::size_t> sources;
  for (const std::size_t p : patches) {
    if (input.world.patches[p].source) sources.push_back(*input.world.patches[p].source);
  }
  if (!sources.empty()) isla_png::writeBiomeImages(stage, input.world, input.enums, sources);
  isla_png::writeTransitionImages(stage, input.world, input.enums, patches);
}

void writeTilesetAround(const isla::World& world, const TilesOptions& options, std::vector<LevelSummaries>& levels,
                        const fs::path& stage) {
  for (const TileKey& gone : endBranches(levels)) fs::remove(stage / tileUri(gone));
  nestChildren(levels);
  const Extras extras{.water = writeWater(world, stage), .scenery = writeScenery(world, stage)};
  writeTileset(stage, options, levels, extras);
}

void writeTiles(const isla::ExportInput& input, const TilesOptions& options, const fs::path& stage) {
  const isla::World& world = input.world;
  std::vector<std::size_t> every(world.patches.size());
  for (std::size_t p = 0; p < every.size(); ++p) every[p] = p;
  writeTerrainImages(input, every, stage);
  isla::createDirectory(stage / kTileDirectory);
  const Quadtree tree(world, options.tileCells);
  PackageTiles tiles(world, tree, options, stage);
  meshTiles(input, options, tree, std::vector<bool>(world.patches.size(), true), tiles);
  writeTilesetAround(world, options, tiles.levels(), stage);
  input.progress.update(1.0);
}

}  // namespace isla_3dtiles
