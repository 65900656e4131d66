// SPDX-License-Identifier: MIT
// A written package checked by the package validator plugin that
// recognises it, as `isla-tool validate DIR` chooses it.
#include <string>

#include <pybind11/stl.h>
#include <pybind11/stl/filesystem.h>

#include <isla/compile/job_errors.hpp>
#include <isla/compile/package_check.hpp>
#include <isla/kernel.hpp>

#include "bindings.hpp"

namespace py = pybind11;

namespace isla::python {

namespace {

py::dict validatePackage(const Kernel& kernel, const std::filesystem::path& path) {
  const auto& validator = packageValidatorFor(kernel.registry(), path);
  const std::string name = validator.object->name();
  Diagnostics diagnostics;
  PackageSummary summary;
  {
    py::gil_scoped_release released;
    summary = validator.object->check(path, diagnostics, CheckDepth::Full, 0);
  }
  for (auto& diagnostic : diagnostics.items()) diagnostic.origin = name;
  if (diagnostics.hasErrors()) {
    const auto errors = diagnostics.count(Severity::Error);
    throw CompileError("'" + path.string() + "' is not a valid " + name + " package: " +
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
             "Checks a package with the package validator that recognises it; returns its name, counts and warnings.");
}

}  // namespace isla::python
