// SPDX-License-Identifier: MIT
// Every rule of a Terrain World v1 package, in one pass over its files.
#pragma once

#include <filesystem>

#include <isla/base/diagnostics.hpp>
#include <isla/plugin/package_validator.hpp>

namespace isla::terrain_world {

// `descriptor` is the package's world.json (or the root document named on
// the command line); its directory is the package.
// At CheckDepth::JustWritten the report's figures are taken, not recomputed.
// Files are read on at most `threads` threads (0: every core).
PackageSummary checkPackage(const std::filesystem::path& descriptor, Diagnostics& out, CheckDepth depth,
                            unsigned threads);

}  // namespace isla::terrain_world
