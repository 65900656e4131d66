// SPDX-License-Identifier: MIT
// Which file, in which state, a path named when it was opened: device,
// inode, size and the times of its last change of content and of inode.
// Two equal identities are taken to mean the same bytes (as git's index and
// make do), unless the file was changed within the clock's resolution of
// being seen: FileIdentity::settled says when it is safe to rely on.
#pragma once

#include <chrono>
#include <cstdint>

struct stat;

namespace isla {

struct FileIdentity {
  std::uint64_t device = 0;
  std::uint64_t inode = 0;
  std::uint64_t bytes = 0;
  std::int64_t modifiedNs = 0;  // st_mtim, in nanoseconds since the epoch
  std::int64_t changedNs = 0;   // st_ctim: renames, chmod and writes all move it
  std::int64_t seenNs = 0;      // when it was read off the file (not compared)

  // Of the stat of an open file.
  static FileIdentity of(const struct stat& info);

  // True when the file's last change is old enough, when it was seen, that
  // a write in the same clock tick as the reading could not hide behind an
  // unchanged identity (the "racily clean" case of git's index).
  bool settled() const;
};

// How long after its last change a file counts as settled.
inline constexpr std::chrono::nanoseconds kSettledAfter = std::chrono::seconds(2);

}  // namespace isla
