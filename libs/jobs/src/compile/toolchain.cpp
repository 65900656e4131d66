// SPDX-License-Identifier: MIT
#include "isla/compile/toolchain.hpp"

#include <algorithm>

namespace isla {

std::string toolName() { return std::string("isla-tool ") + ISLA_VERSION + " (" + ISLA_GIT_HASH + ")"; }

std::vector<PluginName> pluginNames(const std::vector<std::shared_ptr<const PluginInfo>>& plugins) {
  std::vector<PluginName> names;
  for (const auto& plugin : plugins) {
    if (plugin) names.push_back({plugin->name, plugin->version});
  }
  std::sort(names.begin(), names.end());
  names.erase(std::unique(names.begin(), names.end()), names.end());
  return names;
}

std::string toolchainText(const std::string& tool, const std::vector<PluginName>& plugins) {
  std::string text = tool + "\n";
  for (const auto& plugin : plugins) text += "plugin " + plugin.name + " " + plugin.version + "\n";
  return text;
}

}  // namespace isla
