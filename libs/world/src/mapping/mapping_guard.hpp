// SPDX-License-Identifier: MIT
// What keeps a file cut short under a mapped read from ending the process.
// Reading a page of a file mapping that lies past the file's end raises
// SIGBUS, whose default action ends the process without a word; SQLite and
// LMDB document the same for their maps. Every mapping of a file that the
// tool makes (MappedFile, FileWindow) is registered here while it lives.
// A SIGBUS at an address inside a registered mapping is handled by mapping
// zero pages over the rest of it, so that the faulting read and those after
// it go on, reading zeroes, and by marking the mapping torn: its owner
// checks that before it trusts anything it read (MappedFile::change), and
// reports the file as changed while being read. A SIGBUS anywhere else goes
// to the handler installed before this one (a sanitizer's, Python's
// faulthandler), or ends the process as it would have.
//
// The reads themselves pay nothing: registering a mapping is a sigaction
// call (the handler is made SIGBUS's again if another took its place) and a
// few atomic stores into slots that are never freed (the handler may walk
// them at any moment).
#pragma once

#include <cstddef>
#include <filesystem>
#include <string>

namespace isla::detail {

// What a reader says of a file that changed under it: "'PATH' changed while
// being read (WHY); ...".
std::string changedWhileRead(const std::filesystem::path& path, const std::string& why);

// The why of a torn mapping.
inline constexpr const char* kCutShort = "it was cut short as it was read";

class MappingGuard {
 public:
  // Registers the mapping at [begin, begin + bytes), whole pages.
  MappingGuard(const void* begin, std::size_t bytes);
  // Unregisters it; before the mapping is unmapped.
  ~MappingGuard();
  MappingGuard(const MappingGuard&) = delete;
  MappingGuard& operator=(const MappingGuard&) = delete;

  // True once a read of the mapping faulted: the file was cut short under
  // it, and what was read past the cut was zeroes.
  bool torn() const;

 private:
  struct Slot* slot_;
};

}  // namespace isla::detail
