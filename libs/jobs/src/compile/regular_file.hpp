// SPDX-License-Identifier: MIT
// A file a job takes from a store of files that others can reach (an entry
// of the patch cache, a shard's output or note, a shard's record): read
// only when it is a regular file itself (issue 57). What else stands where
// a store keeps a file is damage, never followed nor opened: a symbolic
// link, even to an identical copy, would carry a link (or what it points
// at) into a package; a FIFO would block the read forever; a device would
// be acted on; a directory has no bytes.
#pragma once

#include <sys/stat.h>

#include <cstdint>
#include <filesystem>
#include <string>

#include "isla/base/io_error.hpp"

namespace isla {

// Nothing can be read at the path (gone, no permission); what() is what the
// system said.
class UnreadableFile : public IoError {
  using IoError::IoError;
};

// What stands at the path is not a regular file.
class NotRegularFile : public IoError {
 public:
  NotRegularFile(const std::filesystem::path& path, std::string kind);
  // "a symbolic link", "a directory", "a FIFO", "a device", "a socket".
  const std::string& kind() const { return kind_; }

 private:
  std::string kind_;
};

class RegularFile {
 public:
  // Opens `path` for reading once lstat says it is a regular file, and
  // checks the file opened is still one (O_NOFOLLOW, fstat). Throws
  // NotRegularFile or UnreadableFile.
  explicit RegularFile(const std::filesystem::path& path);
  RegularFile(const RegularFile&) = delete;
  RegularFile& operator=(const RegularFile&) = delete;
  ~RegularFile();

  int descriptor() const { return fd_; }
  std::uint64_t size() const { return size_; }
  // Every byte; UnreadableFile when there are more than `limit`, or when
  // reading fails.
  std::string text(std::uint64_t limit) const;
  // The first `bytes` bytes, or all when there are fewer.
  std::string start(std::size_t bytes) const;

 private:
  std::filesystem::path path_;
  int fd_ = -1;
  std::uint64_t size_ = 0;
};

// The lstat of the regular file at `path` (a file another program reads
// next: a shard's note; one moved, not read); throws as RegularFile does.
struct stat regularFileStatus(const std::filesystem::path& path);

}  // namespace isla
