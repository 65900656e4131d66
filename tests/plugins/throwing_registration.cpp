// SPDX-License-Identifier: MIT
// A plugin whose registration throws: reported, skipped, the tool goes on.
#include <isla/plugin/plugin_api.hpp>

#include <stdexcept>

ISLA_PLUGIN("0.1.0", "throws while registering", [](isla::PluginRegistrar&) {
  throw std::runtime_error("the plugin's configuration file is missing");
});
