// SPDX-License-Identifier: MIT
// The container reader: dispatch on the first byte (v2 or legacy v1), every
// reader rule of BLUEPRINT_FORMAT.md, each section decoded by the plugin that
// registered its tag. Reports every problem it can find, not only the first.
#pragma once

#include <cstddef>
#include <filesystem>
#include <memory>
#include <optional>
#include <span>
#include <string>

#include "isla/base/diagnostics.hpp"
#include "isla/io/mapped_file.hpp"
#include "isla/kernel.hpp"
#include "isla/model/blueprint.hpp"

namespace isla {

inline constexpr FourCC kParamsTag{"PRMS"};
inline constexpr std::uint32_t kFormatVersion = 2;

struct LoadResult {
  // Null when not even the header could be read; otherwise holds whatever
  // decoded, also when diagnostics has errors.
  std::shared_ptr<const Blueprint> blueprint;
  Diagnostics diagnostics;

  bool ok() const { return blueprint && !diagnostics.hasErrors(); }
};

// The file is memory-mapped; `name` defaults to the path as given. A file
// that changed while it was read gives io.changed alone (changedFile).
LoadResult readBlueprint(const std::filesystem::path& path, const Kernel& kernel);
// `owner` keeps `bytes` alive for the views the blueprint holds.
LoadResult readBlueprint(std::span<const std::byte> bytes, const std::string& name,
                         std::shared_ptr<const void> owner, const Kernel& kernel);

// The error (io.changed) of a mapped file that changed while it was being
// read (MappedFile::change): whatever was found reading it, and the
// blueprint made from it, are not the file's. None while it is unchanged.
std::optional<Diagnostic> changedFile(const MappedFile& file);

}  // namespace isla
