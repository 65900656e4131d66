// SPDX-License-Identifier: MIT
// The kernel as the command line sets it up: the enum table, then the
// plugins of the search path. The Python package passes the shipped
// directories, found relative to its own files.
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include <pybind11/stl.h>
#include <pybind11/stl/filesystem.h>

#include <isla/kernel.hpp>

#include "bindings.hpp"

namespace py = pybind11;

namespace isla::python {

namespace {

std::shared_ptr<Kernel> makeKernel(const std::vector<std::filesystem::path>& pluginDirs,
                                   const std::filesystem::path& defaultPluginDir,
                                   const std::filesystem::path& enumTable) {
  py::gil_scoped_release released;
  auto kernel = std::make_shared<Kernel>(EnumTable::load(enumTable));
  const auto searchPath = pluginSearchPath(pluginDirs, std::getenv("ISLA_PLUGIN_PATH"), defaultPluginDir, true);
  kernel->plugins().loadSearchPath(searchPath);
  return kernel;
}

// The plugins that did not load, as `isla-tool` warns about them.
std::vector<std::string> pluginProblems(const Kernel& kernel) {
  std::vector<std::string> out;
  for (const auto& record : kernel.plugins().report()) {
    if (record.outcome == PluginOutcome::Failed || record.outcome == PluginOutcome::Refused) {
      out.push_back("plugin " + record.file + " " + std::string(pluginOutcomeName(record.outcome)) + ": " +
                    record.message);
    }
  }
  return out;
}

}  // namespace

void bindKernel(py::module_& module) {
  py::class_<Kernel, std::shared_ptr<Kernel>>(module, "Kernel",
                                              "The enum table and the loaded plugins, as isla-tool sets them up.")
      .def(py::init(&makeKernel), py::arg("plugin_dirs"), py::arg("default_plugin_dir"), py::arg("enum_table"),
           "Loads the enum table, then the plugins of plugin_dirs, ISLA_PLUGIN_PATH and default_plugin_dir.")
      .def_property_readonly("plugin_problems", &pluginProblems,
                             "The plugins that failed to load or were refused, with the reason.");
}

}  // namespace isla::python
