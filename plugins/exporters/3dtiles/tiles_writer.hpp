// SPDX-License-Identifier: MIT
// Every file of the 3dtiles exporter: tileset.json (and the external
// tilesets under tiles/), tiles/<level>_<x>_<z>.glb for each terrain tile,
// water.glb, scenery.glb, biome/<source-id>.png and
// transition/<patch-id>.png; and the meshing of the terrain tiles that a
// whole export and a shard share.
#pragma once

#include <filesystem>
#include <map>
#include <mutex>
#include <string>
#include <vector>

#include <isla/plugin/exporter.hpp>

#include "quadtree.hpp"
#include "tile_content.hpp"
#include "tile_summary.hpp"
#include "tiles_options.hpp"

namespace isla_3dtiles {

// What becomes of each tile once this run has made all it makes of it.
class TileSink {
 public:
  virtual ~TileSink() = default;
  // Called on the job's threads, once for each tile that holds some of
  // this run's patches (never for two at once of the same tile).
  virtual void take(const TileKey& key, const TileContent& content) = 0;
  // Called on the caller's thread once the tiles a band of leaf rows
  // finishes are all taken: a point at which the order is the run's own.
  virtual void bandDone() {}
};

// How the tiles of a world are written, by the options.
GlbStyle glbStyle(const isla::World& world, const TilesOptions& options);

// Writes each tile it takes as tiles/<key>.glb and summarizes its content.
class PackageTiles : public TileSink {
 public:
  PackageTiles(const isla::World& world, const Quadtree& tree, const TilesOptions& options,
               const std::filesystem::path& stage);

  void take(const TileKey& key, const TileContent& content) override;
  // A tile already stored (a merge of shards' shares); safe from any thread, one tile at a time.
  void write(const TileKey& key, const GlbTile& tile);
  const GlbStyle& style() const { return style_; }
  std::vector<LevelSummaries>& levels() { return levels_; }

  // Keep each tile's SHA-256 as it is written (a shard's record lists them).
  void keepDigests() { style_.digest = true; }
  // The SHA-256 of each tile written, by path relative to the stage.
  const std::map<std::string, std::string>& digests() const { return digests_; }

 private:
  const isla::World& world_;
  const Quadtree& tree_;
  GlbStyle style_;
  std::filesystem::path stage_;
  std::vector<LevelSummaries> levels_;
  std::mutex mutex_;  // of digests_
  std::map<std::string, std::string> digests_;
};

// Meshes the pieces of the patches that `made` marks (by patch) into every
// tile they reach, in one pass over the world, a band of leaf rows at a
// time; only those patches' rows are read.
void meshTiles(const isla::ExportInput& input, const TilesOptions& options, const Quadtree& tree,
               const std::vector<bool>& made, TileSink& sink);

// The images of `patches`' terrain: each source's biome image, each strip's
// and corner's transition image.
void writeTerrainImages(const isla::ExportInput& input, const std::vector<std::size_t>& patches,
                        const std::filesystem::path& stage);

// The rest of the package around written terrain tiles: the branches that
// end (tile_summary.hpp) lose their tiles, then water.glb, scenery.glb, and
// tileset.json from the tiles' content summaries.
void writeTilesetAround(const isla::World& world, const TilesOptions& options, std::vector<LevelSummaries>& levels,
                        const std::filesystem::path& stage);

// The whole export.
void writeTiles(const isla::ExportInput& input, const TilesOptions& options, const std::filesystem::path& stage);

}  // namespace isla_3dtiles
