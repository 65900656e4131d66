// SPDX-License-Identifier: MIT
// `isla-tool run compile --shard` and `run assemble` as the shard tests run
// them, with the arguments each test adds.
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

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

}  // namespace isla::test
