// SPDX-License-Identifier: MIT
// Puts existing files into a directory being written: hard links while
// both sides share a filesystem (nothing copied; the files are never
// changed in place), copies from the first link refused on. The assembly
// of shards places the shards' outputs so, and the patch cache its entries.
#pragma once

#include <filesystem>
#include <string>

namespace isla {

class FilePlacer {
 public:
  // Makes `to` (and its folders) hold the bytes of `from`. False, with why
  // in `why`, when `from` cannot be read (gone, unreadable); throws IoError
  // when `to` cannot be written.
  bool place(const std::filesystem::path& from, const std::filesystem::path& to, std::string& why);

  // "12 files hard-linked", or how many were copied and why.
  std::string summary() const;

 private:
  std::size_t linked_ = 0, copied_ = 0;
  std::string copying_;  // why links are not made, once one is refused
};

}  // namespace isla
