// SPDX-License-Identifier: MIT
#include "tiles_shards.hpp"

#include <isla/document/bits_text.hpp>
#include <isla/base/io_error.hpp>
#include <isla/parallel/parallel.hpp>
#include <isla/publish/file_writer.hpp>

#include <algorithm>
#include <fstream>
#include <map>
#include <mutex>
#include <sstream>
#include <stdexcept>
#include <string_view>
#include <tuple>

#include "tile_share.hpp"
#include "tileset_json.hpp"
#include "tiles_writer.hpp"

namespace isla_3dtiles {

namespace {

namespace fs = std::filesystem;

constexpr const char* kTilesNote = "tiles.txt";    // "<level> <x> <z> <min y> <max y> <error>", a tile a line
constexpr const char* kShareFile = "shares.bin";   // the shares one after the other (tile_share.hpp)
constexpr const char* kSharesNote = "shares.txt";  // "<level> <x> <z> <offset> <length>", a share a line

using KeyOrder = std::tuple<std::int32_t, std::int64_t, std::int64_t>;  // level, x, z

bool inTree(const TileKey& key, const Quadtree& tree) {
  return key.level >= 0 && key.level <= tree.leafLevel() && key.x >= 0 && key.z >= 0 &&
         key.x < tree.columns(key.level) && key.z < tree.rows(key.level);
}

// Writes the tiles that hold this shard's patches alone; the others' shares
// go to the notes, into one file, each band's in the order of their tiles,
// so that the file is the same whatever the threads. Each file's SHA-256 is
// kept as it is written.
class ShardTiles : public TileSink {
 public:
  ShardTiles(const isla::World& world, const Quadtree& tree, const TilesOptions& options, const std::vector<bool>& made,
             const fs::path& stage, const fs::path& notes)
      : tree_(tree),
        made_(made),
        package_(world, tree, options, stage),
        notes_(notes),
        shares_(isla::FileWriter::create(notes / kShareFile)) {
    package_.keepDigests();
  }

  void take(const TileKey& key, const TileContent& content) override {
    if (holdsOnlyMine(key)) {
      package_.take(key, content);
      return;
    }
    std::vector<std::byte> bytes = shareBytes(content.store(package_.style()));
    const std::lock_guard lock(mutex_);
    pending_.emplace(KeyOrder{key.level, key.x, key.z}, std::move(bytes));
  }
  void bandDone() override {
    for (const auto& [at, bytes] : pending_) {
      const auto& [level, x, z] = at;
      index_ += std::to_string(level) + " " + std::to_string(x) + " " + std::to_string(z) + " " +
                std::to_string(shares_.size()) + " " + std::to_string(bytes.size()) + "\n";
      shares_.write(bytes);
    }
    pending_.clear();
  }
  const std::vector<LevelSummaries>& levels() { return package_.levels(); }
  // Closes the shares and their note; every file written, by path relative
  // to the stage (a note's beginning "notes/").
  std::map<std::string, std::string> finish() {
    std::map<std::string, std::string> written = package_.digests();
    written.emplace(std::string("notes/") + kShareFile, shares_.close());
    isla::FileWriter index = isla::FileWriter::create(notes_ / kSharesNote);
    index.write(index_);
    written.emplace(std::string("notes/") + kSharesNote, index.close());
    return written;
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
  isla::FileWriter shares_;
  std::string index_;  // the shares note's lines
  std::mutex mutex_;   // of pending_
  std::map<KeyOrder, std::vector<std::byte>> pending_;  // this band's shares
};

// Where a share is: its shard's file of shares (an index into the
// assembly's), its offset and its length.
struct SharePlace {
  std::size_t file = 0;
  std::uint64_t offset = 0;
  std::uint64_t length = 0;
};

// Where each share of one shard, in `file` (the shard's shares, at `index`
// of the assembly's), is, by tile; appended to `shares`.
void readSharesNote(const fs::path& notes, const Quadtree& tree, const ShareFile& file, std::size_t index,
                    std::map<KeyOrder, std::vector<SharePlace>>& shares) {
  const fs::path path = notes / kSharesNote;
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot read " + path.string());
  const std::uint64_t size = file.size();
  std::string line;
  for (std::size_t number = 1; std::getline(in, line); ++number) {
    std::istringstream fields(line);
    TileKey key;
    std::uint64_t offset = 0, length = 0;
    std::string rest;
    if (!(fields >> key.level >> key.x >> key.z >> offset >> length) || (fields >> rest) || !inTree(key, tree) ||
        offset > size || length > size - offset) {
      throw std::runtime_error(path.string() + " line " + std::to_string(number) + ": not a share of this tree in " +
                               file.path().string());
    }
    shares[{key.level, key.x, key.z}].push_back({index, offset, length});
  }
}

// Returns the note's SHA-256.
std::string writeTilesNote(const fs::path& path, const std::vector<LevelSummaries>& levels) {
  isla::FileWriter file = isla::FileWriter::create(path);
  for (std::size_t level = 0; level < levels.size(); ++level) {
    for (std::int64_t z = 0; z < levels[level].rows; ++z) {
      for (std::int64_t x = 0; x < levels[level].columns; ++x) {
        const TileSummary& tile = levels[level].at(x, z);
        if (!tile.exists) continue;
        file.write(std::to_string(level) + " " + std::to_string(x) + " " + std::to_string(z) + " " +
                   isla::bitsText(tile.bounds.minY) + " " + isla::bitsText(tile.bounds.maxY) + " " +
                   isla::bitsText(tile.measuredErrorM) + "\n");
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
    if (!(fields >> key.level >> key.x >> key.z >> bits[0] >> bits[1] >> bits[2]) || !inTree(key, tree)) {
      throw std::runtime_error(path.string() + " line " + std::to_string(number) + ": not a tile of this tree");
    }
    double values[3];
    for (int i = 0; i < 3; ++i) {
      std::string_view digits = bits[i];
      if (!isla::takeBits(digits, values[i]) || !digits.empty()) {
        throw std::runtime_error(path.string() + " line " + std::to_string(number) + ": 16 hex digits are expected");
      }
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
  const Quadtree tree(world, options.tileCells);
  ShardTiles tiles(world, tree, options, made, stage, notes);
  meshTiles(input, options, tree, made, tiles);
  std::map<std::string, std::string> written = tiles.finish();
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
  std::vector<ShareFile> files;
  files.reserve(notes.size());
  std::map<KeyOrder, std::vector<SharePlace>> shares;
  for (const fs::path& shard : notes) {
    readTilesNote(shard / kTilesNote, tree, world.settings.spacingM, levels);
    files.emplace_back(shard / kShareFile);
    readSharesNote(shard, tree, files.back(), files.size() - 1, shares);
  }
  std::vector<std::pair<TileKey, std::vector<SharePlace>>> merged;
  for (auto& [at, places] : shares) {
    merged.push_back({TileKey{std::get<0>(at), std::get<1>(at), std::get<2>(at)}, places});
  }
  fs::create_directories(stage / kTileDirectory);
  isla::parallelFor(merged.size(), input.threads, [&](std::size_t i) {
    const auto& [key, places] = merged[i];
    if (levels[static_cast<std::size_t>(key.level)].at(key.x, key.z).exists) {
      throw std::runtime_error("tile " + key.name() + " was written by a shard and shared too");
    }
    std::vector<GlbTile> parts;
    for (const SharePlace& place : places) {
      parts.push_back(loadShare(world, files[place.file], place.offset, place.length));
    }
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
