// SPDX-License-Identifier: MIT
// What names the build behind an output, a cache's key or a shard's record
// (docs/decisions.md, "The tool is named by its version and the commit"):
// the tool, and each plugin taking part by its name and version, loaded or
// not (a plugin its directory's index describes is named without loading
// it). The one way the patch cache, the shards and the view's cache name
// the plugins behind what they keep.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "isla/plugin/registry.hpp"

namespace isla {

struct PluginName {
  std::string name;
  std::string version;
  auto operator<=>(const PluginName&) const = default;
};

// "isla-tool 0.1.0 (2b063f8)": the version and the commit configure saw.
std::string toolName();

// The plugins by name, sorted, each once.
std::vector<PluginName> pluginNames(const std::vector<std::shared_ptr<const PluginInfo>>& plugins);

// `tool`, then "plugin NAME VERSION" for each plugin, a line each: what a
// key is made from of the build behind it.
std::string toolchainText(const std::string& tool, const std::vector<PluginName>& plugins);

}  // namespace isla
