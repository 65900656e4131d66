// SPDX-License-Identifier: MIT
// `isla-tool run compile --shard` and `run assemble` as the shard tests run
// them, with the arguments each test adds.
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "compile_workspace.hpp"
#include "tool_runner.hpp"

namespace isla::test {

inline bool contains(const std::string& text, std::string_view part) { return text.find(part) != std::string::npos; }

ToolRun shard(const std::string& layout, const std::string& shardDir, const std::string& which,
              std::vector<std::string> extra = {}, const std::map<std::string, std::string>& environment = {});

ToolRun assemble(const std::string& layout, const std::string& output, const std::string& shardDir,
                 std::vector<std::string> extra = {});

// Every shard of N, in `order`, each with its own thread count and `extra`.
void makeShards(const std::string& layout, const std::string& shardDir, int count, const std::vector<int>& order,
                const std::vector<std::string>& extra = {});

// count - 1, ..., 0.
std::vector<int> reversed(int count);

// A 2 x 2 world (9 patches, 4 of them sources) and its one-machine compile.
struct ShardedWorld {
  ShardedWorld();
  // Shards 0..count-1 of a fresh directory, in reverse order.
  std::string shards(const std::string& name, int count = 2);

  Workspace ws;
  std::string layout;
  std::map<std::string, std::string> expected;
};

// A fresh directory on the tmpfs at /dev/shm, another filesystem than the
// workspace's (as a node's local disk is than a cluster's shared one),
// removed with this; empty where there is none, cannotRun having said why
// (`what`: what the test does there).
class OtherFilesystem {
 public:
  OtherFilesystem(const Workspace& beside, const std::string& what);
  OtherFilesystem(const OtherFilesystem&) = delete;
  OtherFilesystem& operator=(const OtherFilesystem&) = delete;
  ~OtherFilesystem();
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

}  // namespace isla::test
