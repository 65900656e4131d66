// SPDX-License-Identifier: MIT
// The key functions of the plugin interfaces: their vtables and type
// information live in the kernel, once.
#include "isla/export/exporter.hpp"
#include "isla/validation/package_validator.hpp"
#include "isla/base/progress.hpp"
#include "isla/validation/validator.hpp"

namespace isla {

Validator::~Validator() = default;
Exporter::~Exporter() = default;
PackageValidator::~PackageValidator() = default;

bool PackageValidator::checkSources(const std::filesystem::path&, const std::filesystem::path&, Diagnostics&) const {
  return false;
}

Progress::~Progress() = default;

}  // namespace isla
