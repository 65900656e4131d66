// SPDX-License-Identifier: MIT
// Puts files from a store (a patch cache entry, a shard's outputs) into a
// directory being written, and the package's files into the cache: every
// file that goes between a package, the cache and the shards goes through
// here (issue 57). Only a regular file goes (regular_file.hpp: anything
// else is the store's damage), and each arrives as a file of its own: a
// copy-on-write clone where the filesystem makes one (btrfs, XFS), else a
// copy. No file is shared, so an edit in place of one package's file
// never reaches another package, the cache or the shards, nor the reverse
// (a hard link shared them: docs/decisions.md, Outputs share no file).
// An assembly that uses its shards up (run assemble --consume-shards)
// moves their files instead: the file changes directory, not owner, and
// the shard has it no more, so nothing is shared either.
#pragma once

#include <filesystem>
#include <string>

#include "regular_file.hpp"

namespace isla {

class FilePlacer {
 public:
  // Makes `to` (and its folders) hold the bytes of `from`, a new file. Throws
  // NotRegularFile or UnreadableFile for `from`, IoError when `to` cannot
  // be written (a full disk).
  void place(const std::filesystem::path& from, const std::filesystem::path& to);

  // Renames `from` to `to`, making its folders: no byte is copied and
  // `from` is gone. `from` must be a regular file of one name (NotRegularFile
  // otherwise); one with other names (hard links), or on another filesystem
  // (EXDEV), is copied instead and left. Never replaces a file at `to`
  // (IoError, EEXIST); IoError when what was renamed is not the file
  // checked (it is renamed back). Returns whether it was moved.
  bool move(const std::filesystem::path& from, const std::filesystem::path& to);

  // "12 files copied", "12 files cloned", "12 files moved", or the counts
  // of each.
  std::string summary() const;

 private:
  void makeParent(const std::filesystem::path& file);

  std::size_t cloned_ = 0, copied_ = 0, moved_ = 0;
  std::filesystem::path lastParent_;  // made by makeParent
};

}  // namespace isla
