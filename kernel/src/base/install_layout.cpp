// SPDX-License-Identifier: MIT
#include "isla/base/install_layout.hpp"

#include <boost/dll/runtime_symbol_info.hpp>

namespace isla {

std::filesystem::path executableDirectory() {
  boost::dll::fs::error_code error;
  const auto location = boost::dll::program_location(error);
  if (error) return std::filesystem::current_path();
  return std::filesystem::path(location.string()).parent_path();
}

// ISLA_RELATIVE_*_DIR are set by kernel/CMakeLists.txt from the install layout.
std::filesystem::path defaultPluginDirectory() {
  return (executableDirectory() / ISLA_RELATIVE_PLUGIN_DIR).lexically_normal();
}

std::filesystem::path dataDirectory() { return (executableDirectory() / ISLA_RELATIVE_DATA_DIR).lexically_normal(); }

std::filesystem::path defaultEnumTablePath() { return dataDirectory() / "enums.json"; }

std::filesystem::path defaultExampleLayout() { return dataDirectory() / "examples/archipelago/layout.json"; }

}  // namespace isla
