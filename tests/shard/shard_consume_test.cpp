// SPDX-License-Identifier: MIT
// `run assemble --consume-shards` (issue 58): the shards' files are moved
// into the package, not copied, and the shards are used up. The package is
// the one the default assembly and the one-machine compile make, byte for
// byte; the shards are gone after it, so that a second assembly is refused;
// a failure after the first move puts every file back; nothing of the
// package is shared with what is left.
#include <boost/test/unit_test.hpp>

#include "file_tree.hpp"
#include "isla/base/io_error.hpp"
#include "isla/shard/shard.hpp"
#include "shard_runs.hpp"
#include "test_kernel.hpp"
#include "tool_runner.hpp"

using namespace isla::test;
namespace fs = std::filesystem;

namespace {

const std::vector<std::string> kConsume{"--consume-shards"};

// What an assembly finds of the shards it used up: none.
std::string usedUp(const std::string& dir) {
  return "no shard in '" + dir + "'; run every shard (--shard K/N --shard-dir DIR) first";
}

// A Progress that makes the output directory as soon as the assembly has
// moved a shard's file: its publication then fails, after the moves.
class OutputAppearsAfterTheMoves final : public isla::Progress {
 public:
  OutputAppearsAfterTheMoves(fs::path shardFile, fs::path output)
      : shardFile_(std::move(shardFile)), output_(std::move(output)) {}
  void update(double) override {
    if (!made_ && !fs::exists(shardFile_)) made_ = fs::create_directory(output_);
  }
  bool made() const { return made_; }

 private:
  fs::path shardFile_, output_;
  bool made_ = false;
};

}  // namespace

BOOST_AUTO_TEST_SUITE(shard_consume)

BOOST_AUTO_TEST_CASE(a_consuming_assembly_publishes_the_same_bytes_and_uses_the_shards_up) {
  ShardedWorld world;
  const std::string kept = world.shards("kept"), used = world.shards("used");
  const auto copied = assemble(world.layout, world.ws.path("copied"), kept);
  BOOST_REQUIRE_MESSAGE(copied.exitCode == 0, copied.err);

  const std::string moved = world.ws.path("moved");
  const auto run = assemble(world.layout, moved, used, {"--consume-shards", "--verify"});
  BOOST_REQUIRE_MESSAGE(run.exitCode == 0, run.err);
  BOOST_TEST(contains(run.out, "/ (terrain-world-v1; 9 files moved)\n"), run.out);
  BOOST_TEST((fileTree(moved) == world.expected));
  BOOST_TEST((fileTree(moved) == fileTree(world.ws.path("copied"))));
  BOOST_TEST(directoryEntries(used).empty());

  const auto again = assemble(world.layout, world.ws.path("again"), used, kConsume);
  BOOST_TEST(again.exitCode == 1);
  BOOST_TEST(contains(again.err, usedUp(used)), again.err);
  BOOST_TEST(!fs::exists(world.ws.path("again")));
  const auto copying = assemble(world.layout, world.ws.path("again"), used);
  BOOST_TEST(copying.exitCode == 1);
  BOOST_TEST(contains(copying.err, usedUp(used)), copying.err);

  // The package's files are its own: an edit in place of one reaches
  // neither the shards left nor the package assembled from them.
  for (const auto& [path, bytes] : world.expected) {
    BOOST_TEST(fs::hard_link_count(fs::path(moved) / path) == 1U, path);
  }
  const auto shards = fileTree(kept);
  overwriteInPlace(fs::path(moved) / "terrain" / "p-0-0.json", 1000, "X");
  BOOST_TEST((fileTree(kept) == shards), "the shards changed");
  BOOST_TEST((fileTree(world.ws.path("copied")) == world.expected), "the other package changed");
}

// A shard's file with a name elsewhere too (a hard link someone made) is
// copied: moved, the package would share its inode with that name.
BOOST_AUTO_TEST_CASE(a_shard_file_with_another_name_is_copied_not_moved) {
  ShardedWorld world;
  const std::string dir = world.shards("shards");
  const fs::path linked = fs::path(dir) / "shard-0" / "terrain" / "p-0-0.json";
  const fs::path elsewhere = world.ws.path("elsewhere.json");
  fs::create_hard_link(linked, elsewhere);
  const fs::path out = world.ws.path("out");
  const auto run = assemble(world.layout, out.string(), dir, kConsume);
  BOOST_REQUIRE_MESSAGE(run.exitCode == 0, run.err);
  BOOST_TEST(contains(run.out, "/ (terrain-world-v1; 8 files moved, 1 file copied)\n"), run.out);
  BOOST_TEST((fileTree(out) == world.expected));
  BOOST_TEST(fs::hard_link_count(out / "terrain" / "p-0-0.json") == 1U);
  overwriteInPlace(elsewhere, 1000, "X");
  BOOST_TEST((fileTree(out) == world.expected), "an edit of the other name changed the package");
}

BOOST_AUTO_TEST_CASE(a_failure_after_the_moves_puts_the_files_back_and_the_shards_assemble_again) {
  ShardedWorld world;
  const std::string dir = world.shards("shards");
  const auto shards = fileTree(dir);
  isla::CompileRequest request;
  request.layout = world.layout;
  request.output = world.ws.path("out");
  OutputAppearsAfterTheMoves appearing(fs::path(dir) / "shard-0" / "terrain" / "p-0-0.json", request.output);
  try {
    isla::assembleShards(isla::test::sharedKernel(), request, dir, appearing, false, isla::ShardFiles::Consumed);
    BOOST_FAIL("the output that appeared was replaced");
  } catch (const isla::IoError& error) {
    BOOST_TEST(contains(error.what(), "' appeared while the world was being written; nothing was published; the "
                                      "shards' files moved into it are back in the shards, which can be assembled "
                                      "again"),
               error.what());
  }
  BOOST_TEST(appearing.made());
  BOOST_TEST((fileTree(dir) == shards), "the shards are not as they were");
  BOOST_TEST(directoryEntries(world.ws.path("out")).empty());

  const auto run = assemble(world.layout, world.ws.path("assembled"), dir, kConsume);
  BOOST_REQUIRE_MESSAGE(run.exitCode == 0, run.err);
  BOOST_TEST((fileTree(world.ws.path("assembled")) == world.expected));
}

BOOST_AUTO_TEST_CASE(a_refusal_before_the_moves_leaves_the_shards_as_they_were) {
  ShardedWorld world;
  const std::string dir = world.shards("shards");
  const fs::path terrain = fs::path(dir) / "shard-1" / "terrain" / "p-0-2.json";
  BOOST_REQUIRE(fs::exists(terrain));
  overwriteInPlace(terrain, 1000, "X");
  const auto shards = fileTree(dir);
  const auto run = assemble(world.layout, world.ws.path("out"), dir, {"--consume-shards", "--verify"});
  BOOST_TEST(run.exitCode == 1);
  BOOST_TEST(contains(run.err, "shard 1 of 2 (" + dir + "/shard-1) is damaged: its output terrain/p-0-2.json is not "
                                                        "what its record says ("),
             run.err);
  BOOST_TEST((fileTree(dir) == shards), "a refused assembly moved a file");
  BOOST_TEST(!fs::exists(world.ws.path("out")));
}

BOOST_AUTO_TEST_CASE(shards_on_another_filesystem_are_copied_and_still_used_up) {
  ShardedWorld world;
  // rename cannot cross filesystems (EXDEV).
  const OtherFilesystem tmpfs(world.ws, "hold shards on another filesystem");
  if (tmpfs.path().empty()) return;
  const std::string dir = tmpfs.path() + "/shards";
  makeShards(world.layout, dir, 2, {0, 1});
  const auto run = assemble(world.layout, world.ws.path("out"), dir, kConsume);
  BOOST_REQUIRE_MESSAGE(run.exitCode == 0, run.err);
  BOOST_TEST(contains(run.out, "/ (terrain-world-v1; 9 files copied)\n"), run.out);
  BOOST_TEST((fileTree(world.ws.path("out")) == world.expected));
  BOOST_TEST(directoryEntries(dir).empty());
}

BOOST_AUTO_TEST_CASE(consume_shards_goes_with_run_assemble_alone) {
  ShardedWorld world;
  for (const std::vector<std::string>& extra :
       {std::vector<std::string>{}, {"--shard", "0/2", "--shard-dir", world.ws.path("shards")}}) {
    std::vector<std::string> arguments{"run", "compile", world.layout, world.ws.path("out"), "--consume-shards"};
    arguments.insert(arguments.end(), extra.begin(), extra.end());
    const auto run = runTool(arguments);
    BOOST_TEST(run.exitCode == 2);
    BOOST_TEST(contains(run.err, "--consume-shards goes with run assemble"), run.err);
    BOOST_TEST(!fs::exists(world.ws.path("out")));
  }
}

BOOST_AUTO_TEST_SUITE_END()
