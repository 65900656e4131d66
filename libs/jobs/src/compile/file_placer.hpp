// SPDX-License-Identifier: MIT
// Puts existing files into a directory being written: hard links while
// both sides share a filesystem (nothing copied; the files are never
// changed in place), copies from the first link refused on. The assembly
// of shards places the shards' outputs so, and the patch cache its entries.
#pragma once

#include <filesystem>
#include <string>

#include "isla/base/io_error.hpp"

namespace isla {

// The file to place cannot be read (gone, unreadable); what() is what the
// system said.
class UnreadableFile : public IoError {
  using IoError::IoError;
};

class FilePlacer {
 public:
  // Makes `to` (and its folders) hold the bytes of `from`. Throws
  // UnreadableFile when `from` cannot be read, IoError when `to` cannot be
  // written.
  void place(const std::filesystem::path& from, const std::filesystem::path& to);

  // "12 files hard-linked", or how many were copied and why.
  std::string summary() const;

 private:
  std::size_t linked_ = 0, copied_ = 0;
  std::string copying_;  // why links are not made, once one is refused
};

}  // namespace isla
