// SPDX-License-Identifier: MIT
// A read-only memory mapping of a whole file. Grids decoded from it are
// views, so loading a blueprint does not copy its pixels.
#pragma once

#include <cstddef>
#include <filesystem>
#include <memory>
#include <span>

#include "isla/io/file_identity.hpp"

namespace isla {

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

 private:
  MappedFile(const std::byte* data, std::size_t size, const FileIdentity& identity)
      : data_(data), size_(size), identity_(identity) {}
  const std::byte* data_;
  std::size_t size_;
  FileIdentity identity_;
};

}  // namespace isla
