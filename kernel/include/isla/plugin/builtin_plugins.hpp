// SPDX-License-Identifier: MIT
// Every shipped plugin linked into one binary (tests, fuzzers): the same
// sources as the modules, registered without a search path.
#pragma once

#include <span>

#include "isla/plugin/plugin_api.hpp"
#include "isla/plugin/plugin_host.hpp"

namespace isla {

std::span<const PluginDescriptor* const> builtinPlugins();
// Registers every one of them with `host`.
void addBuiltinPlugins(PluginHost& host);

}  // namespace isla
