// SPDX-License-Identifier: MIT
#include "isla/plugin/plugin_call.hpp"

namespace isla {

std::string pluginObjectName(std::string_view kind, std::string_view name, const PluginInfo& plugin) {
  return std::string(kind) + " '" + std::string(name) + "' (plugin " + plugin.name + ")";
}

}  // namespace isla
