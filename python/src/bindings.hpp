// SPDX-License-Identifier: MIT
// The parts of world_compiler._native, one file each; native_module.cpp
// puts them together.
#pragma once

#include <pybind11/pybind11.h>

namespace isla::python {

void bindErrors(pybind11::module_& module);
void bindKernel(pybind11::module_& module);
void bindCompile(pybind11::module_& module);
void bindPackageValidation(pybind11::module_& module);
void bindBlueprint(pybind11::module_& module);

}  // namespace isla::python
