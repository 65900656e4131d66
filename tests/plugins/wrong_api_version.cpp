// SPDX-License-Identifier: MIT
// A plugin built against another plugin API: the host must refuse it after
// reading nothing but the version.
#include <isla/plugin/plugin_api.hpp>

namespace {
const isla::PluginDescriptor kDescriptor{isla::kPluginApiVersion + 41, "wrong-api-version", "9.0.0",
                                         "built for a future isla-tool", 0, nullptr};
}  // namespace

extern "C" ISLA_PLUGIN_EXPORT const isla::PluginDescriptor* isla_plugin_entry() { return &kDescriptor; }
