// SPDX-License-Identifier: MIT
#include "bindings.hpp"

PYBIND11_MODULE(_native, module) {
  module.doc() =
      "The C++ kernel behind world_compiler: use world_compiler.compiler, .validation and .blueprint, "
      "not this module.";
  isla::python::bindErrors(module);
  isla::python::bindKernel(module);
  isla::python::bindCompile(module);
  isla::python::bindPackageValidation(module);
  isla::python::bindBlueprint(module);
}
