// SPDX-License-Identifier: MIT
// The compile job through a patch cache (docs/decisions.md, The incremental
// compile's patch cache): the same package as compileWorld's, byte for
// byte, with every patch whose inputs' key the cache holds placed from it,
// the others computed and stored; `run compile --cache`, `export --cache`,
// the Python `compile_world(..., cache=)` and `view --watch`.
#pragma once

#include <cstdint>
#include <filesystem>

#include "isla/compile/compile.hpp"
#include "isla/cache/patch_cache.hpp"

namespace isla {

struct CacheRequest {
  std::filesystem::path directory;  // made when missing or empty
  std::uint64_t maxBytes = PatchCache::kDefaultMaxBytes;  // what it keeps after the compile
};

struct CachedCompileResult : CompileResult {
  std::size_t patchesFromCache = 0;
};

// Only for an exporter that can shard (it writes per patch) and a layout
// or blueprint input. Throws as compileWorld does.
CachedCompileResult compileThroughCache(const Kernel& kernel, const CompileRequest& request,
                                        const CacheRequest& cache, Progress& progress);

}  // namespace isla
