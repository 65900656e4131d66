// SPDX-License-Identifier: MIT
// The 3D Tiles exporter sharded: each shard writes the tiles over its
// patches alone and leaves its share of the others; the assembly makes
// those and tileset.json, and its package is the one-machine export's,
// byte for byte, for any N, order and re-run; a missing or changed shard is
// refused by name.
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <fstream>

#include "compile_workspace.hpp"
#include "file_tree.hpp"
#include "shard_runs.hpp"
#include "tool_runner.hpp"

using namespace isla::test;
namespace fs = std::filesystem;

namespace {

// Leaves of 32 cells: the 514-cell world is a tree of 6 levels, whose
// leaves inside a source are one shard's and whose upper tiles span shards.
const std::vector<std::string> kTiles{"--exporter", "3dtiles", "--option", "tile=32"};

std::size_t filesUnder(const fs::path& directory) {
  std::size_t count = 0;
  for (const auto& entry : fs::recursive_directory_iterator(directory)) count += entry.is_regular_file() ? 1U : 0U;
  return count;
}

// A 2 x 2 world (9 patches) and its one-machine 3D Tiles export.
struct TiledWorld {
  TiledWorld() {
    layout = ws.layout("layout.json", 2, 2);
    std::vector<std::string> extra = kTiles;
    extra.push_back("--quiet");
    const auto whole = compileLayout(layout, ws.path("whole"), extra);
    BOOST_REQUIRE_MESSAGE(whole.exitCode == 0, whole.err);
    expected = fileTree(ws.path("whole"));
  }
  std::string shards(const std::string& name, int count, const std::vector<int>& order) {
    makeShards(layout, ws.path(name), count, order, kTiles);
    return ws.path(name);
  }
  ToolRun assembled(const std::string& name, const std::string& dir) {
    return assemble(layout, ws.path(name), dir, kTiles);
  }
  Workspace ws;
  std::string layout;
  std::map<std::string, std::string> expected;
};

}  // namespace

BOOST_AUTO_TEST_SUITE(shard_tiles)

BOOST_AUTO_TEST_CASE(any_split_in_any_order_assembles_the_one_machine_tileset) {
  TiledWorld world;
  BOOST_TEST(world.expected.size() > 100U);
  // 10 shards of the 9 patches: the last holds none and writes no tile.
  for (const int count : {1, 2, 3, 4, 10}) {
    for (const bool backwards : {false, true}) {
      BOOST_TEST_CONTEXT(count << " shards" << (backwards ? ", in reverse order" : "")) {
        std::vector<int> order = reversed(count);
        if (!backwards) std::reverse(order.begin(), order.end());
        const std::string name = std::to_string(count) + (backwards ? "-reversed" : "");
        const std::string dir = world.shards("shards-" + name, count, order);
        const auto run = world.assembled("assembled-" + name, dir);
        BOOST_REQUIRE_MESSAGE(run.exitCode == 0, run.err);
        BOOST_TEST(contains(run.out, "/ (3dtiles; "), run.out);
        BOOST_TEST((fileTree(world.ws.path("assembled-" + name)) == world.expected));
      }
    }
  }
}

BOOST_AUTO_TEST_CASE(a_shard_writes_the_tiles_over_its_patches_and_shares_the_others) {
  TiledWorld world;
  const std::string dir = world.shards("shards", 2, {0, 1});
  std::size_t written = 0;
  for (const std::string name : {"shard-0", "shard-1"}) {
    const fs::path shard = fs::path(dir) / name;
    // Two sources each (the split balances samples): their biome images and the leaves inside them.
    BOOST_TEST(filesUnder(shard / "biome") == 2U, name);
    BOOST_TEST(filesUnder(shard / "tiles") > 20U, name);
    BOOST_TEST(fs::file_size(shard / "assembly-notes" / "shares.bin") > 0U, name);
    BOOST_TEST(fs::file_size(shard / "assembly-notes" / "shares.txt") > 0U, name);
    BOOST_TEST(!fs::exists(shard / "tileset.json"), name);
    written += filesUnder(shard / "tiles");
    for (const auto& entry : fs::directory_iterator(shard / "tiles")) {
      const std::string tile = "tiles/" + entry.path().filename().string();
      // A tile under a branch that ends (a flat sea floor) is the assembly's to leave out.
      const auto expected = world.expected.find(tile);
      if (expected == world.expected.end()) {
        --written;
        continue;
      }
      BOOST_TEST(fileTree(shard).at(tile) == expected->second, tile);
    }
  }
  // The root and every tile over patches of both shards are the assembly's.
  BOOST_TEST(!fs::exists(fs::path(dir) / "shard-0" / "tiles" / "0_0_0.glb"));
  BOOST_TEST(written < filesUnder(fs::path(world.ws.path("whole")) / "tiles"));
}

BOOST_AUTO_TEST_CASE(a_rerun_shard_changes_nothing) {
  TiledWorld world;
  const std::string dir = world.shards("shards", 3, {2, 1, 0});
  const auto rerun = shard(world.layout, dir, "1/3", kTiles);
  BOOST_REQUIRE_MESSAGE(rerun.exitCode == 0, rerun.err);
  BOOST_TEST(directoryEntries(dir) == (std::vector<std::string>{"shard-0", "shard-1", "shard-2"}));
  const auto run = world.assembled("assembled", dir);
  BOOST_REQUIRE_MESSAGE(run.exitCode == 0, run.err);
  BOOST_TEST((fileTree(world.ws.path("assembled")) == world.expected));
}

BOOST_AUTO_TEST_CASE(assembly_refuses_a_missing_stale_or_damaged_shard_naming_it) {
  TiledWorld world;
  const std::string dir = world.shards("shards", 3, {0, 1, 2});
  const fs::path kept = world.ws.path("kept-shard-1");
  fs::rename(fs::path(dir) / "shard-1", kept);
  const auto missing = world.assembled("assembled", dir);
  BOOST_TEST(missing.exitCode == 1);
  BOOST_TEST(contains(missing.err, "shard 1 of 3 is missing from '" + dir +
                                       "' (not made, or its task did not finish); run it again (--shard 1/3 "
                                       "--shard-dir DIR), then assemble"),
             missing.err);
  fs::rename(kept, fs::path(dir) / "shard-1");

  const fs::path share = fs::path(dir) / "shard-2" / "assembly-notes" / "shares.bin";
  BOOST_REQUIRE(fs::is_regular_file(share));
  const std::string note = "shares.bin";
  std::ofstream(share, std::ios::app) << "x";
  const auto damaged = world.assembled("assembled", dir);
  BOOST_TEST(damaged.exitCode == 1);
  BOOST_TEST(contains(damaged.err, "shard 2 of 3 (" + dir + "/shard-2) is damaged: its note " + note +
                                       " is not what its record says ("),
             damaged.err);
  BOOST_TEST(contains(damaged.err, "run it again (--shard 2/3 --shard-dir DIR)"), damaged.err);
  fs::remove(share);
  const auto gone = world.assembled("assembled", dir);
  BOOST_TEST(gone.exitCode == 1);
  BOOST_TEST(contains(gone.err, "shard 2 of 3 (" + dir + "/shard-2) is incomplete: its note " + note +
                                    " cannot be read ("),
             gone.err);

  const auto rerun = shard(world.layout, dir, "2/3", kTiles);
  BOOST_REQUIRE_MESSAGE(rerun.exitCode == 0, rerun.err);
  fs::copy_file(world.ws.path(world.ws.blueprint(9)), world.ws.path("b1-256.dat"), fs::copy_options::overwrite_existing);
  const auto stale = world.assembled("assembled", dir);
  BOOST_TEST(stale.exitCode == 1);
  BOOST_TEST(contains(stale.err, "shard 0 of 3 (" + dir + "/shard-0) is stale: source 's0' (b1-256.dat) has changed"),
             stale.err);
  BOOST_TEST(!fs::exists(world.ws.path("assembled")));
}

// A shard hashes its tiles and shares as it writes them: --verify hashes
// them again and finds its record's digests, and a byte changed since in a
// tile, which keeps its size, is named.
BOOST_AUTO_TEST_CASE(a_shards_digests_kept_as_written_are_its_files) {
  TiledWorld world;
  const std::string dir = world.shards("shards", 3, {1, 0, 2});
  std::vector<std::string> verify = kTiles;
  verify.push_back("--verify");
  const auto verified = assemble(world.layout, world.ws.path("verified"), dir, verify);
  BOOST_REQUIRE_MESSAGE(verified.exitCode == 0, verified.err);
  BOOST_TEST((fileTree(world.ws.path("verified")) == world.expected));

  const fs::path tiles = fs::path(dir) / "shard-1" / "tiles";
  BOOST_REQUIRE(fs::is_directory(tiles));
  const fs::path tile = fs::directory_iterator(tiles)->path();
  {
    std::fstream file(tile, std::ios::in | std::ios::out | std::ios::binary);
    file.seekg(-1, std::ios::end);
    const char last = static_cast<char>(file.get());
    file.seekp(-1, std::ios::end);
    file.put(static_cast<char>(last ^ 1));
  }
  const auto flipped = assemble(world.layout, world.ws.path("flipped"), dir, verify);
  BOOST_TEST(flipped.exitCode == 1);
  BOOST_TEST(contains(flipped.err, "shard 1 of 3 (" + dir + "/shard-1) is damaged: its output tiles/" +
                                       tile.filename().string() + " is not what its record says ("),
             flipped.err);
  BOOST_TEST(!fs::exists(world.ws.path("flipped")));
}

// Issue 58: consumed, the shards' tiles and images are moved into the
// package before the assembly writes the rest (it drops the tiles of
// branches that end, shard-made ones too), which is then the one-machine
// tileset, and the shards are gone.
BOOST_AUTO_TEST_CASE(a_consuming_assembly_moves_the_tiles_and_uses_the_shards_up) {
  TiledWorld world;
  const std::string dir = world.shards("shards", 3, {2, 0, 1});
  std::vector<std::string> consume = kTiles;
  consume.push_back("--consume-shards");
  const auto run = assemble(world.layout, world.ws.path("moved"), dir, consume);
  BOOST_REQUIRE_MESSAGE(run.exitCode == 0, run.err);
  BOOST_TEST(contains(run.out, " files moved)\n"), run.out);
  BOOST_TEST((fileTree(world.ws.path("moved")) == world.expected));
  BOOST_TEST(directoryEntries(dir).empty());
}

BOOST_AUTO_TEST_SUITE_END()
