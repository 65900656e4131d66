// SPDX-License-Identifier: MIT
// The container reader: dispatch on the first byte (v2 or legacy v1), every
// reader rule of BLUEPRINT_FORMAT.md, each section decoded by the plugin that
// registered its tag. Reports every problem it can find, not only the first.
#pragma once

#include <cstddef>
#include <filesystem>
#include <memory>
#include <span>
#include <string>

#include "isla/base/diagnostics.hpp"
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

// The blueprint in `bytes`, its diagnostics naming `name` (a file is read
// mapped by isla/mapping/blueprint_file.hpp, of the world library).
// `owner` keeps `bytes` alive for the views the blueprint holds.
LoadResult readBlueprint(std::span<const std::byte> bytes, const std::string& name,
                         std::shared_ptr<const void> owner, const Kernel& kernel);

// The container and its PRMS alone, for the MapSize: every other section is
// left undecoded (SectionStatus::Skipped), so that the cost is the header
// and one section whatever the map's size. The container's rules still
// hold; the other sections' are not checked. A legacy v1 file, whose
// MapSize is in its header, is read whole.
LoadResult readBlueprintParams(std::span<const std::byte> bytes, const std::string& name,
                               std::shared_ptr<const void> owner, const Kernel& kernel);

}  // namespace isla
