// SPDX-License-Identifier: MIT
// Every shipped plugin linked into one binary (tests, fuzzers): the same
// sources as the modules, registered without a search path.
#pragma once

#include <span>

#include "isla/plugin_api.hpp"

namespace isla {

std::span<const PluginDescriptor* const> builtinPlugins();

}  // namespace isla
