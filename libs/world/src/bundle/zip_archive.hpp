// SPDX-License-Identifier: MIT
// The ZIP container through libzip (opened when first needed:
// zip_library.hpp): an archive read in place from bytes, its central
// directory as recorded (raw names, declared sizes, attributes), and
// deterministic archives written to bytes. Internal to the world library.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace isla {

// What went wrong, so that callers can give each its diagnostic code.
class ZipError : public std::runtime_error {
 public:
  enum class Kind { Damaged, Crc, Oversize };
  ZipError(Kind kind, const std::string& message) : std::runtime_error(message), kind_(kind) {}
  Kind kind() const { return kind_; }

 private:
  Kind kind_;
};

// libzip cannot be opened, or lacks a function: no bundle can be read or
// written in this process. Thrown by ZipReader and writeZip.
class ZipUnavailable : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// One central-directory entry, as the archive records it.
struct ZipEntry {
  std::string rawName;  // the recorded bytes, not re-encoded
  std::uint64_t size = 0;            // declared uncompressed size
  std::uint64_t compressedSize = 0;
  bool stored = false;      // compression method 0
  bool deflated = false;    // compression method 8
  bool encrypted = false;
  bool unixMode = false;    // the external attributes hold a Unix mode
  std::uint32_t mode = 0;   // st_mode bits when unixMode

  bool symlink() const { return unixMode && (mode & 0170000) == 0120000; }
};

class ZipReader {
 public:
  // `archive` must outlive the reader. Throws ZipError (Damaged) when the
  // bytes are not a complete ZIP archive.
  explicit ZipReader(std::span<const std::byte> archive);
  ZipReader(const ZipReader&) = delete;
  ZipReader& operator=(const ZipReader&) = delete;
  ~ZipReader();

  const std::vector<ZipEntry>& entries() const { return entries_; }
  // The entry's bytes, checked against its CRC and its declared size: more
  // or fewer bytes than declared is refused as soon as it shows. Throws ZipError.
  std::vector<std::byte> inflate(std::size_t index) const;

 private:
  struct Handle;
  std::unique_ptr<Handle> handle_;
  std::vector<ZipEntry> entries_;
};

struct ZipMemberInput {
  std::string name;
  std::span<const std::byte> bytes;
};

// A ZIP of `members` in the given order, deflated, every timestamp
// 1980-01-01 00:00 (DOS time, no time zone), mode 0644: the same members give
// the same bytes. Throws ZipError.
std::vector<std::byte> writeZip(std::span<const ZipMemberInput> members);

}  // namespace isla
