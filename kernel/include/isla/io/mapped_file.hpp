// SPDX-License-Identifier: MIT
// A read-only memory mapping of a whole file. Grids decoded from it are
// views, so loading a blueprint does not copy its pixels.
#pragma once

#include <cstddef>
#include <filesystem>
#include <memory>
#include <span>

namespace isla {

class MappedFile {
 public:
  // Throws IoError with the path and the system's reason.
  static std::shared_ptr<const MappedFile> open(const std::filesystem::path& path);

  MappedFile(const MappedFile&) = delete;
  MappedFile& operator=(const MappedFile&) = delete;
  ~MappedFile();

  std::span<const std::byte> bytes() const { return {data_, size_}; }

 private:
  MappedFile(const std::byte* data, std::size_t size) : data_(data), size_(size) {}
  const std::byte* data_;
  std::size_t size_;
};

}  // namespace isla
