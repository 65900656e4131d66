// SPDX-License-Identifier: MIT
// Which package validator checks a written package: the one way `isla-tool
// validate DIR` and the Python `validate_world` choose it.
#pragma once

#include <filesystem>

#include "isla/plugin/package_validator.hpp"
#include "isla/plugin/registry.hpp"

namespace isla {

// The first loaded package validator that recognises `path` (a package's
// directory, or its root document). CompileError saying which are loaded
// when none does.
const Registration<PackageValidator>& packageValidatorFor(const Registry& registry, const std::filesystem::path& path);

}  // namespace isla
