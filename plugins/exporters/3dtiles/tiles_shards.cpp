// SPDX-License-Identifier: MIT
#include "tiles_shards.hpp"

#include <isla/base/io_error.hpp>
#include <isla/parallel/parallel.hpp>
#include <isla/publish/file_writer.hpp>

#include <algorithm>
#include <bit>
#include <charconv>
#include <cstdio>
#include <fstream>
#include <map>
#include <mutex>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <tuple>

#include "tile_share.hpp"
#include "tileset_json.hpp"
#include "tiles_writer.hpp"

namespace isla_3dtiles {

namespace {

namespace fs = std::filesystem;

constexpr const char* kTilesNote = "tiles.txt";     // "<level> <x> <z> <min y> <max y> <error>", a tile a line
constexpr const char* kShareDirectory = "shares";  // <key>.bin, tile_share.cpp

std::string bitsOf(double value) {
  char text[17];
  std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(std::bit_cast<std::uint64_t>(value)));
  return text;
}

// The tile the name of a share ("<level>_<x>_<z>.bin") is of, if it is one of the tree.
std::optional<TileKey> shareKey(const fs::path& file, const Quadtree& tree) {
  if (file.extension() != ".bin") return std::nullopt;
  TileKey key;
  std::string name = file.stem().string();
  std::replace(name.begin(), name.end(), '_', ' ');
  std::istringstream in(name);
  std::string rest;
  if (!(in >> key.level >> key.x >> key.z) || (in >> rest) || key.level < 0 || key.level > tree.leafLevel() ||
      key.x < 0 || key.z < 0 || key.x >= tree.columns(key.level) || key.z >= tree.rows(key.level) ||
      key.name() + ".bin" != file.filename().string()) {
    return std::nullopt;
  }
  return key;
}

// Writes the tiles that hold this shard's patches alone; the others' shares
// go to the notes. Each file's SHA-256 is kept as it is written.
class ShardTiles : public TileSink {
 public:
  ShardTiles(const isla::World& world, const Quadtree& tree, const TilesOptions& options, const std::vector<bool>& made,
             const fs::path& stage, const fs::path& notes)
      : tree_(tree), made_(made), package_(world, tree, options, stage), notes_(notes) {
    package_.keepDigests();
  }

  void take(const TileKey& key, const TileContent& content) override {
    if (holdsOnlyMine(key)) {
      package_.take(key, content);
      return;
    }
    const std::string note = std::string(kShareDirectory) + "/" + key.name() + ".bin";
    std::string digest = saveShare(content.store(package_.style()), notes_ / note);
    const std::lock_guard lock(mutex_);
    written_.emplace("notes/" + note, std::move(digest));
  }
  const std::vector<LevelSummaries>& levels() { return package_.levels(); }
  // Every file written, by path relative to the stage (a note's beginning "notes/").
  std::map<std::string, std::string> written() const {
    std::map<std::string, std::string> all = written_;
    all.insert(package_.digests().begin(), package_.digests().end());
    return all;
  }

 private:
  bool holdsOnlyMine(const TileKey& key) const {
    const auto pieces = tree_.pieces(tree_.rect(key));
    return std::all_of(pieces.begin(), pieces.end(), [&](const Piece& piece) { return made_[piece.patch]; });
  }

  const Quadtree& tree_;
  const std::vector<bool>& made_;
  PackageTiles package_;
  fs::path notes_;
  std::mutex mutex_;  // of written_
  std::map<std::string, std::string> written_;
};

// Returns the note's SHA-256.
std::string writeTilesNote(const fs::path& path, const std::vector<LevelSummaries>& levels) {
  isla::FileWriter file = isla::FileWriter::create(path);
  for (std::size_t level = 0; level < levels.size(); ++level) {
    for (std::int64_t z = 0; z < levels[level].rows; ++z) {
      for (std::int64_t x = 0; x < levels[level].columns; ++x) {
        const TileSummary& tile = levels[level].at(x, z);
        if (!tile.exists) continue;
        file.write(std::to_string(level) + " " + std::to_string(x) + " " + std::to_string(z) + " " +
                   bitsOf(tile.bounds.minY) + " " + bitsOf(tile.bounds.maxY) + " " + bitsOf(tile.measuredErrorM) +
                   "\n");
      }
    }
  }
  return file.close();
}

// The tiles one shard wrote, summarized into `levels`.
void readTilesNote(const fs::path& path, const Quadtree& tree, double spacingM, std::vector<LevelSummaries>& levels) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot read " + path.string());
  std::string line;
  for (std::size_t number = 1; std::getline(in, line); ++number) {
    std::istringstream fields(line);
    TileKey key;
    std::string bits[3];
    if (!(fields >> key.level >> key.x >> key.z >> bits[0] >> bits[1] >> bits[2]) || key.level < 0 ||
        key.level > tree.leafLevel() || key.x < 0 || key.z < 0 || key.x >= tree.columns(key.level) ||
        key.z >= tree.rows(key.level)) {
      throw std::runtime_error(path.string() + " line " + std::to_string(number) + ": not a tile of this tree");
    }
    double values[3];
    for (int i = 0; i < 3; ++i) {
      std::uint64_t word = 0;
      const auto [end, error] = std::from_chars(bits[i].data(), bits[i].data() + bits[i].size(), word, 16);
      if (error != std::errc() || end != bits[i].data() + bits[i].size() || bits[i].size() != 16) {
        throw std::runtime_error(path.string() + " line " + std::to_string(number) + ": 16 hex digits are expected");
      }
      values[i] = std::bit_cast<double>(word);
    }
    TileSummary& tile = levels[static_cast<std::size_t>(key.level)].at(key.x, key.z);
    if (tile.exists) throw std::runtime_error("two shards wrote tile " + key.name());
    summarizeContent(tile, tree.rect(key), spacingM, values[0], values[1], values[2]);
  }
}

// The patches of a tile in the order the whole export adds their parts:
// as they first appear in its leaves, row by row, each leaf's in patch order.
std::vector<std::size_t> partOrder(const Quadtree& tree, const TileKey& key, std::size_t patchCount) {
  const std::int32_t leaf = tree.leafLevel(), up = leaf - key.level;
  std::vector<std::size_t> order;
  std::vector<bool> seen(patchCount, false);
  for (std::int64_t z = key.z << up; z < std::min((key.z + 1) << up, tree.rows(leaf)); ++z) {
    for (std::int64_t x = key.x << up; x < std::min((key.x + 1) << up, tree.columns(leaf)); ++x) {
      for (const Piece& piece : tree.pieces(tree.rect({leaf, x, z}))) {
        if (seen[piece.patch]) continue;
        seen[piece.patch] = true;
        order.push_back(piece.patch);
      }
    }
  }
  return order;
}

}  // namespace

std::map<std::string, std::string> writeShardTiles(const isla::ExportInput& input, const TilesOptions& options,
                                                   const std::vector<std::size_t>& patches, const fs::path& stage,
                                                   const fs::path& notes) {
  const isla::World& world = input.world;
  std::vector<bool> made(world.patches.size(), false);
  for (const std::size_t p : patches) made[p] = true;
  writeTerrainImages(input, patches, stage);
  isla::createDirectory(stage / kTileDirectory);
  isla::createDirectory(notes / kShareDirectory);
  const Quadtree tree(world, options.tileCells);
  ShardTiles tiles(world, tree, options, made, stage, notes);
  meshTiles(input, options, tree, made, tiles);
  std::map<std::string, std::string> written = tiles.written();
  written.emplace(std::string("notes/") + kTilesNote, writeTilesNote(notes / kTilesNote, tiles.levels()));
  input.progress.update(1.0);
  return written;
}

void assembleTiles(const isla::ExportInput& input, const TilesOptions& options, const std::vector<fs::path>& notes,
                   const fs::path& stage) {
  const isla::World& world = input.world;
  const Quadtree tree(world, options.tileCells);
  PackageTiles tiles(world, tree, options, stage);
  std::vector<LevelSummaries>& levels = tiles.levels();
  std::map<std::tuple<std::int32_t, std::int64_t, std::int64_t>, std::vector<fs::path>> shares;  // by level, x, z
  for (const fs::path& shard : notes) {
    readTilesNote(shard / kTilesNote, tree, world.settings.spacingM, levels);
    for (const auto& entry : fs::directory_iterator(shard / kShareDirectory)) {
      const auto key = shareKey(entry.path(), tree);
      if (!key) throw std::runtime_error(entry.path().string() + " is not a tile share of this tree");
      shares[{key->level, key->x, key->z}].push_back(entry.path());
    }
  }
  std::vector<std::pair<TileKey, std::vector<fs::path>>> merged;
  for (auto& [at, files] : shares) merged.push_back({TileKey{std::get<0>(at), std::get<1>(at), std::get<2>(at)}, files});
  fs::create_directories(stage / kTileDirectory);
  isla::parallelFor(merged.size(), input.threads, [&](std::size_t i) {
    const auto& [key, files] = merged[i];
    if (levels[static_cast<std::size_t>(key.level)].at(key.x, key.z).exists) {
      throw std::runtime_error("tile " + key.name() + " was written by a shard and shared too");
    }
    std::vector<GlbTile> parts;
    for (const fs::path& file : files) parts.push_back(loadShare(world, file));
    const std::vector<std::size_t> order = partOrder(tree, key, world.patches.size());
    const GlbTile tile = mergeShares(std::move(parts), order);
    if (!std::equal(tile.parts.begin(), tile.parts.end(), order.begin(), order.end(),
                    [](const GlbPart& part, std::size_t patch) { return part.patch == patch; })) {
      throw std::runtime_error("the shards' shares of tile " + key.name() + " do not hold each of its patches once");
    }
    tiles.write(key, tile);
  });
  for (std::int32_t level = 0; level <= tree.leafLevel(); ++level) {
    for (std::int64_t z = 0; z < tree.rows(level); ++z) {
      for (std::int64_t x = 0; x < tree.columns(level); ++x) {
        const TileKey key{level, x, z};
        if (levels[static_cast<std::size_t>(level)].at(x, z).exists == tree.pieces(tree.rect(key)).empty()) {
          throw std::runtime_error("no shard made tile " + key.name());
        }
      }
    }
  }
  writeTilesetAround(world, options, levels, stage);
  input.progress.update(1.0);
}

}  // namespace isla_3dtiles
