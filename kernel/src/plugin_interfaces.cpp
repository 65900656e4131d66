// SPDX-License-Identifier: MIT
// The key functions of the plugin interfaces: their vtables and type
// information live in the kernel, once.
#include "isla/exporter.hpp"
#include "isla/package_validator.hpp"
#include "isla/progress.hpp"
#include "isla/validator.hpp"

namespace isla {

Validator::~Validator() = default;
Exporter::~Exporter() = default;
PackageValidator::~PackageValidator() = default;

bool PackageValidator::checkSources(const std::filesystem::path&, const std::filesystem::path&, Diagnostics&) const {
  return false;
}

Progress::~Progress() = default;

}  // namespace isla
