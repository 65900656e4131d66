// SPDX-License-Identifier: MIT
// Where the shipped plugins and data are, relative to the running executable;
// the build tree and an installed prefix have the same layout.
#pragma once

#include <filesystem>

namespace isla {

std::filesystem::path executableDirectory();
std::filesystem::path defaultPluginDirectory();
// share/isla-tool: the enum table, the schemas, the viewer, the plugin templates.
std::filesystem::path dataDirectory();
std::filesystem::path defaultEnumTablePath();
// The layout of the bundled example world (examples/archipelago).
std::filesystem::path defaultExampleLayout();

}  // namespace isla
