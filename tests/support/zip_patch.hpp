// SPDX-License-Identifier: MIT
// A ZIP's bytes with fields of one member's local header and central
// directory entry patched, as a hostile or damaged archive would have them.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace isla::test {

class ZipPatch {
 public:
  explicit ZipPatch(std::vector<std::byte> bytes) : bytes_(std::move(bytes)) {}

  // `to` must be as long as `from`.
  void rename(const std::string& from, const std::string& to);
  void setFlag(const std::string& name, std::uint16_t bit);
  void setMethod(const std::string& name, std::uint16_t method);
  void flipCrc(const std::string& name);
  void setSize(const std::string& name, std::uint32_t size);
  void setUnixMode(const std::string& name, std::uint32_t mode);
  void truncate(std::size_t size) { bytes_.resize(size); }
  std::size_t size() const { return bytes_.size(); }
  const std::vector<std::byte>& bytes() const { return bytes_; }

 private:
  struct Entry {
    std::size_t central = 0;
    std::size_t local = 0;
  };

  std::uint32_t get(std::size_t at, int width) const;
  void put(std::size_t at, std::uint32_t value, int width);
  // The central directory entry named `name` (signature PK\1\2) and its local header.
  Entry find(const std::string& name) const;

  std::vector<std::byte> bytes_;
};

}  // namespace isla::test
