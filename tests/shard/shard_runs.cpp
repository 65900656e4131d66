// SPDX-License-Identifier: MIT
#include "shard_runs.hpp"

#include <boost/test/unit_test.hpp>

#include <stdlib.h>
#include <sys/stat.h>

#include "file_tree.hpp"
#include "skips.hpp"

namespace isla::test {

ToolRun shard(const std::string& layout, const std::string& shardDir, const std::string& which,
              std::vector<std::string> extra, const std::map<std::string, std::string>& environment) {
  std::vector<std::string> arguments{"run", "compile", layout, "unused-world", "--shard", which, "--shard-dir",
                                     shardDir, "--quiet"};
  arguments.insert(arguments.end(), extra.begin(), extra.end());
  return runTool(arguments, environment);
}

ToolRun assemble(const std::string& layout, const std::string& output, const std::string& shardDir,
                 std::vector<std::string> extra) {
  std::vector<std::string> arguments{"run", "assemble", layout, output, "--shard-dir", shardDir, "--quiet"};
  arguments.insert(arguments.end(), extra.begin(), extra.end());
  return runTool(arguments);
}

void makeShards(const std::string& layout, const std::string& shardDir, int count, const std::vector<int>& order,
                const std::vector<std::string>& extra) {
  for (const int k : order) {
    std::vector<std::string> arguments{"--jobs", std::to_string(1 + k % 3)};
    arguments.insert(arguments.end(), extra.begin(), extra.end());
    const auto run = shard(layout, shardDir, std::to_string(k) + "/" + std::to_string(count), arguments);
    BOOST_REQUIRE_MESSAGE(run.exitCode == 0, run.err);
    BOOST_TEST(contains(run.out, "compiled shard " + std::to_string(k) + " of " + std::to_string(count) + ": "),
               run.out);
  }
}

std::vector<int> reversed(int count) {
  std::vector<int> order(static_cast<std::size_t>(count));
  for (int k = 0; k < count; ++k) order[static_cast<std::size_t>(k)] = count - 1 - k;
  return order;
}

ShardedWorld::ShardedWorld() {
  layout = ws.layout("layout.json", 2, 2);
  const auto whole = compileLayout(layout, ws.path("whole"), {"--quiet"});
  BOOST_REQUIRE_MESSAGE(whole.exitCode == 0, whole.err);
  expected = fileTree(ws.path("whole"));
}

std::string ShardedWorld::shards(const std::string& name, int count) {
  makeShards(layout, ws.path(name), count, reversed(count));
  return ws.path(name);
}

OtherFilesystem::OtherFilesystem(const Workspace& beside, const std::string& what) {
  const std::string tmpfs = "/dev/shm";
  struct stat there {}, here {};
  if (::stat(tmpfs.c_str(), &there) != 0 || ::stat(beside.dir.path().c_str(), &here) != 0 ||
      there.st_dev == here.st_dev) {
    cannotRun("no tmpfs at " + tmpfs + " to " + what);
    return;
  }
  std::string pattern = tmpfs + "/isla-test-XXXXXX";
  BOOST_REQUIRE(::mkdtemp(pattern.data()));
  path_ = pattern;
}

OtherFilesystem::~OtherFilesystem() {
  std::error_code ignored;
  if (!path_.empty()) std::filesystem::remove_all(path_, ignored);
}

}  // namespace isla::test
