// SPDX-License-Identifier: MIT
// A read-only memory mapping of a whole file. Grids decoded from it are
// views, so loading a blueprint does not copy its pixels. Another program
// may cut the file short or write to it while it is mapped: a read past
// the new end then reads zeroes instead of ending the process with SIGBUS
// (src/mapping/mapping_guard.hpp), and change() says so, for the reader to
// check before it trusts what it read.
#pragma once

#include <cstddef>
#include <filesystem>
#include <memory>
#include <optional>
#include <span>
#include <string>

#include "isla/io/file_identity.hpp"

namespace isla {

namespace detail {
class MappingGuard;
}

class MappedFile {
 public:
  // Throws IoError with the path and the system's reason.
  static std::shared_ptr<const MappedFile> open(const std::filesystem::path& path);

  MappedFile(const MappedFile&) = delete;
  MappedFile& operator=(const MappedFile&) = delete;
  ~MappedFile();

  std::span<const std::byte> bytes() const { return {data_, size_}; }
  // The file that was mapped, as it was when it was opened.
  const FileIdentity& identity() const { return identity_; }
  const std::filesystem::path& path() const { return path_; }

  // Why the bytes read through the mapping may not be the file's, or none:
  // a read past the file's end found it cut short, or its size or
  // modification time moved since it was opened (written to in place). The
  // message names the file and says it changed while being read. A file
  // renamed over its path is no change: the mapping holds the old one, as
  // it was. One stat; call it after the reads it vouches for.
  std::optional<std::string> change() const;

 private:
  MappedFile(const std::byte* data, std::size_t size, const FileIdentity& identity, std::filesystem::path path);
  const std::byte* data_;
  std::size_t size_;
  FileIdentity identity_;
  std::filesystem::path path_;
  std::unique_ptr<detail::MappingGuard> guard_;  // none for an empty file (nothing mapped)
};

}  // namespace isla
