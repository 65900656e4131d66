// SPDX-License-Identifier: MIT
// A compile's whole output as one entry of the patch cache (docs/decisions.md,
// The world's entry): the package and what the compile said about it
// (counts, warnings), under the key of everything both are made from, so
// that a compile of a world that did not change reads no source, builds no
// world and writes nothing but places the package, each byte checked.
#pragma once

#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "../compile/compile_steps.hpp"
#include "isla/cache/cached_compile.hpp"
#include "remembered_sources.hpp"
#include "../shard/shard_record.hpp"

namespace isla {

class WorldEntry {
 public:
  // What the request's key is made from but the sources' bytes: the tool
  // and every plugin taking part, the exporter and its options, the
  // validators' options, the enum table, the units, the input as given
  // and its bytes, and each source's path (of `layout`, the request's as
  // the compile reads it).
  static WorldEntry of(const Kernel& kernel, const CompileRequest& request, const ShardRecord& who,
                       const Layout& layout);

  // The key of the world whose sources (in layout order) have these SHA-256.
  std::string key(const std::vector<std::string>& sourceSha256) const;

  // The key, when the cache remembers the SHA-256 of every source as the
  // file is now; none when a source changed, or was never remembered (a
  // damaged record of one is said in `out`).
  std::optional<std::string> keyOfRemembered(const RememberedSources& remembered, Diagnostics& out) const;

  // The entry of `key` placed into `stage`, and the result of the compile
  // that stored it (its output not set); none when the cache holds no sound
  // entry of `key` (a damaged one is said in `out` and removed).
  std::optional<CachedCompileResult> place(const PatchCache& cache, const std::string& key, const std::filesystem::path& stage,
                                     Diagnostics& out) const;

  // Stores the published package at `output` as the entry of `key`, with
  // `result` (less the cache's own warnings) and the patches' keys (whose
  // entries it keeps in use); `written` gives the SHA-256 of the files
  // known, `checks` the check digests of those placed from patch entries.
  // A store that fails (a full disk) adds a warning to `result`.
  void store(const PatchCache& cache, const std::string& key, const std::filesystem::path& output,
             const std::map<std::string, std::string>& written, const std::map<std::string, std::string>& checks,
             const std::vector<std::string>& patchKeys, CompileResult& result, unsigned threads) const;

 private:
  std::string context_;  // the key's lines before the sources'
  Layout layout_;         // the request's, its sources as the compile reads them
};

}  // namespace isla
