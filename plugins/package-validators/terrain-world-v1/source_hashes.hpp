// SPDX-License-Identifier: MIT
// `isla-tool validate DIR --sources LAYOUT`: each source's recorded SHA-256
// (world.json's provenance) against the bytes of the file the layout names.
#pragma once

#include <filesystem>

#include <isla/base/diagnostics.hpp>

namespace isla::terrain_world {

// `descriptor` is the package's world.json; `layout` the layout it was
// compiled from, whose sources are matched to the package's by id.
void checkSourceHashes(const std::filesystem::path& descriptor, const std::filesystem::path& layout, Diagnostics& out);

}  // namespace isla::terrain_world
