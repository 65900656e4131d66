// SPDX-License-Identifier: MIT
#include "shard_runs.hpp"

#include <boost/test/unit_test.hpp>

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

}  // namespace isla::test
