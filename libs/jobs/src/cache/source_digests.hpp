// SPDX-License-Identifier: MIT
// The SHA-256 of each source file a compile through the patch cache has
// hashed, remembered with the file's identity (device, inode, size, times
// of change), so that the next compile takes it instead of reading every
// byte again when the file is the same (docs/decisions.md, What a compile
// through the cache remembers of its sources). A file changed within
// kSettledAfter of being read is not remembered: a write in the same tick
// could hide behind its identity.
#pragma once

#include <filesystem>
#include <optional>
#include <string>

#include "isla/io/file_identity.hpp"
#include "isla/cache/patch_cache.hpp"

namespace isla {

class SourceDigests {
 public:
  explicit SourceDigests(const PatchCache& cache) : cache_(cache) {}

  // The SHA-256 remembered for the file at `path` when it had `identity`.
  // None when none is, or the file has changed since; CacheDamaged when
  // its record is damaged (then it is removed).
  std::optional<std::string> recall(const std::filesystem::path& path, const FileIdentity& identity) const;

  // Remembers `sha256` as the digest of the file at `path` with `identity`,
  // if the file had settled when it was seen. A record that cannot be
  // written is not: the next compile hashes the file again.
  void remember(const std::filesystem::path& path, const FileIdentity& identity, const std::string& sha256) const;

 private:
  const PatchCache& cache_;
};

}  // namespace isla
