// SPDX-License-Identifier: MIT
// What `isla-tool view` serves for an input that is not yet 3D Tiles (a
// layout, a blueprint or a viewer bundle): the world compiled once into a
// cache entry and reused while the inputs' bytes are unchanged. An entry
// holds `package/` (the Terrain World package, whose scenery the page
// draws), `tiles/` (the 3D Tiles export) and `samples/` (the package's
// heights as height_samples.hpp writes them); it appears whole or not at
// all (a staged directory), whatever interrupts its making.
#pragma once

#include <filesystem>
#include <string>

#include <isla/kernel.hpp>

namespace isla::view {

enum class WorldInput { Layout, Blueprint };

struct CachedWorld {
  std::filesystem::path directory;
  bool reused = false;  // made by an earlier run
};

// $XDG_CACHE_HOME/isla-tool/view, else $HOME/.cache/isla-tool/view; throws
// std::runtime_error when neither variable is set.
std::filesystem::path viewCacheRoot();

// The entry's name: the SHA-256 of the tool's version, the input's kind and
// bytes, and of a layout every source's path and bytes (of a blueprint, the
// height scale it is compiled at).
std::string worldCacheKey(const Kernel& kernel, WorldInput kind, const std::filesystem::path& input);

// Finds or makes the entry under `root`. Compile errors are printed and
// thrown as the compile job's (cli/compile_job.hpp).
CachedWorld cachedWorld(const Kernel& kernel, WorldInput kind, const std::filesystem::path& input,
                        const std::filesystem::path& root, unsigned threads, bool quiet);

}  // namespace isla::view
