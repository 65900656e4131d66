// SPDX-License-Identifier: MIT
// The key functions of the plugin interfaces: their vtables and type
// information live in the kernel, once (so that shardExporter's dynamic_cast
// recognises a plugin's exporter).
#include "isla/plugin/exporter.hpp"
#include "isla/plugin/shard_exporter.hpp"
#include "isla/plugin/package_validator.hpp"
#include "isla/base/progress.hpp"
#include "isla/plugin/validator.hpp"

namespace isla {

Validator::~Validator() = default;
Exporter::~Exporter() = default;
ShardExporter::~ShardExporter() = default;
PatchExporter::~PatchExporter() = default;
PackageValidator::~PackageValidator() = default;

bool PackageValidator::checkSources(const std::filesystem::path&, const std::filesystem::path&, Diagnostics&) const {
  return false;
}

Progress::~Progress() = default;

}  // namespace isla
