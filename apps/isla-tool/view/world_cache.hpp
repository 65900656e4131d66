// SPDX-License-Identifier: MIT
// What `isla-tool view` serves for an input that is not yet 3D Tiles (a
// layout, a blueprint, a viewer bundle or a Terrain World package): the
// world compiled once into a cache entry and reused while the inputs' bytes
// and the plugins' are unchanged. An entry holds `tiles/` (the 3D Tiles
// export), `samples/` (the package's heights as height_samples.hpp writes
// them) and, but for a package input, which is served from where it is,
// `package/` (the Terrain World package, whose scenery the page draws); it
// appears whole or not at all (a staged directory), whatever interrupts its
// making. The cache keeps the kKeptEntries entries used last.
#pragma once

#include <cstddef>
#include <filesystem>
#include <string>

#include <isla/kernel.hpp>

namespace isla::view {

enum class WorldInput { Layout, Blueprint, Package };

// Entries beyond this many, the least recently used first, are removed.
inline constexpr std::size_t kKeptEntries = 4;

struct CachedWorld {
  std::filesystem::path directory;
  bool reused = false;  // made by an earlier run
};

// $XDG_CACHE_HOME/isla-tool/view, else $HOME/.cache/isla-tool/view; throws
// std::runtime_error when neither variable is set.
std::filesystem::path viewCacheRoot();

// The entry's name: the SHA-256 of the tool's version, every loaded plugin
// file's bytes, the input's kind and bytes: of a layout every source's path
// and bytes too, of a blueprint the height scale it is compiled at, of a
// package (its directory) every file's path and bytes.
std::string worldCacheKey(const Kernel& kernel, WorldInput kind, const std::filesystem::path& input);

// Finds or makes the entry under `root`, marks it used now and removes the
// entries beyond kKeptEntries. Compile errors are printed and thrown as the
// compile job's (cli/compile_job.hpp). With `patchCache`, the package and
// the tiles of a layout or blueprint are compiled through that patch cache
// (isla/cache/patch_cache.hpp): view --watch's recompiles.
CachedWorld cachedWorld(const Kernel& kernel, WorldInput kind, const std::filesystem::path& input,
                        const std::filesystem::path& root, unsigned threads, bool quiet,
                        const std::filesystem::path& patchCache = {});

}  // namespace isla::view
