// SPDX-License-Identifier: MIT
// A written Terrain World v1 package checked by its package validator
// plugin, the one `isla-tool validate DIR` runs.
#include <string>

#include <pybind11/stl.h>
#include <pybind11/stl/filesystem.h>

#include <isla/compile/compile.hpp>

#include "bindings.hpp"

namespace py = pybind11;

namespace isla::python {

namespace {

constexpr const char* kValidator = "terrain-world-v1";

py::dict validatePackage(const Kernel& kernel, const std::filesystem::path& path) {
  const auto* validator = kernel.registry().packageValidator(kValidator);
  if (!validator) {
    throw CompileError(std::string("package validator '") + kValidator +
                           "' is not loaded; check the plugin directories (isla-tool plugins lists them)",
                       {});
  }
  Diagnostics diagnostics;
  PackageSummary summary;
  {
    py::gil_scoped_release released;
    summary = validator->object->check(path, diagnostics, CheckDepth::Full, 0);
  }
  for (auto& diagnostic : diagnostics.items()) diagnostic.origin = kValidator;
  if (diagnostics.hasErrors()) {
    const auto errors = diagnostics.count(Severity::Error);
    throw CompileError("'" + path.string() + "' is not a valid " + kValidator + " package: " +
                           std::to_string(errors) + (errors == 1 ? " error" : " errors"),
                       std::move(diagnostics));
  }
  py::dict out;
  out["name"] = summary.name;
  out["sources"] = summary.sources;
  out["patches"] = summary.patches;
  out["boundaries"] = summary.boundaries;
  out["warnings"] = summary.warnings;
  return out;
}

}  // namespace

void bindPackageValidation(py::module_& module) {
  module.def("validate_package", &validatePackage, py::arg("kernel"), py::arg("path"),
             "Checks a Terrain World v1 package; returns its name, counts and warnings.");
}

}  // namespace isla::python
