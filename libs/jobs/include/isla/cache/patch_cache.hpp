// SPDX-License-Identifier: MIT
// A content-addressed cache of compiled patches (issue 38; docs/decisions.md,
// The incremental compile's patch cache): an entry is the files one
// patch's outputs were, stored under the key of everything they were made
// from (the input key of the shard records), so that a compile meeting
// the same key again places them instead of computing them. An entry
// appears whole or not at all (it is written aside and renamed in), is
// never changed once in, and is checked byte for byte against its own
// sealed list each time it is used: a damaged or truncated entry is
// removed and reported, never served. Compiles may share a cache at once;
// least recently used entries go first when it outgrows its bound.
#pragma once

#include <array>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace isla {

// One file of an entry: its path relative to the patch's outputs, size and SHA-256.
struct CachedFile {
  std::string path;
  std::uint64_t bytes = 0;
  std::string sha256;
  bool operator==(const CachedFile&) const = default;
};

// An entry: its files, and a line the caller keeps with them (a compile's:
// the patch's report figures), sealed in the entry's list with them.
struct CacheEntry {
  std::vector<CachedFile> files;
  std::string note;
  bool operator==(const CacheEntry&) const = default;
};

struct CacheStats {
  std::size_t entries = 0;
  std::uint64_t bytes = 0;  // of the entries' files and lists, and of the records
};

class PatchCache {
 public:
  // What a cache keeps when no bound is given (--cache-max-bytes).
  static constexpr std::uint64_t kDefaultMaxBytes = std::uint64_t{5} << 30;

  // A compile makes the cache when the directory does not exist or is
  // empty; `isla-tool cache` looks at one that is there.
  enum class Opening : std::uint8_t { MakeIfNeeded, Existing };

  // The cache at `directory`. Throws IoError for a directory that holds
  // other things (it would never be trimmed or cleared): a cache is marked
  // by its CACHEDIR.TAG; with Existing, for any directory without it.
  explicit PatchCache(std::filesystem::path directory, Opening opening = Opening::MakeIfNeeded);

  const std::filesystem::path& directory() const { return directory_; }

  // The entry of `key` as its sealed list gives it, its files neither
  // placed nor read (a compile takes a patch's figures from it before it
  // places the files). None when there is no such entry, or when its list
  // is damaged: then `problem` says so and the entry is removed.
  std::optional<CacheEntry> look(const std::string& key, std::string& problem) const;

  // The entry of `key` placed below `into` (each file at its relative
  // path, hard-linked or copied), every byte checked against the entry's
  // list; its use is noted for the bound. None when there is no such
  // entry, or when it is damaged: then `problem` says what was wrong, the
  // entry is removed and nothing is left below `into`.
  std::optional<CacheEntry> fetch(const std::string& key, const std::filesystem::path& into,
                                  std::string& problem) const;
  // Where a fetch places each file of an entry, by its relative path.
  using Placement = std::function<std::filesystem::path(const std::string& path)>;
  // The same, each file placed where `where` says (an entry may hold what
  // goes apart from a package: a compile's notes for its assembly), and
  // each file's check digest (as its list has it, by path) into `checks`.
  std::optional<CacheEntry> fetch(const std::string& key, const Placement& where, std::string& problem,
                                  std::map<std::string, std::string>* checks = nullptr) const;

  // Marks the entry of `key` used now, when there is one (an entry that
  // another entry stands for: its patches, when the whole world is placed).
  void noteEntryUse(const std::string& key) const;
  // Removes the entry of `key` (one whose note its caller finds damaged).
  void removeEntry(const std::string& key) const;

  // Stores the files of `entry` (relative to `from`; their SHA-256 as
  // written) and its note (one line) as the entry of `key`. An entry of
  // that key is left as it is. False, with why, when the entry cannot be
  // written (a full disk): the cache is as before, and `from` untouched.
  // A file whose check digest is in `known` (fetched from an entry just
  // now, and placed as a link to it) is not read again for it.
  bool store(const std::string& key, const std::filesystem::path& from, const CacheEntry& entry, std::string& why,
             const std::map<std::string, std::string>& known = {}) const;
  // The same, each file taken from where `from` says (as a fetch places it).
  bool store(const std::string& key, const Placement& from, const CacheEntry& entry, std::string& why,
             const std::map<std::string, std::string>& known = {}) const;

  // Removes the least recently used entries and records (stored or used)
  // until the rest hold at most `maxBytes`, and what killed writers left
  // behind.
  void trim(std::uint64_t maxBytes) const;

  CacheStats stats() const;
  // Removes every entry and record.
  void clear() const;

  // Beside the entries, small records that spare a compile reading what
  // did not change (source_digests.hpp, validation_memo.hpp,
  // source_part_records.hpp), one file each, in a folder of their kind,
  // found by a key of 64 hex digits.
  static constexpr const char* kSourcesFolder = "sources";
  static constexpr const char* kValidationsFolder = "validations";
  static constexpr const char* kPartsFolder = "parts";
  static constexpr std::array<const char*, 3> kRecordFolders{kSourcesFolder, kValidationsFolder, kPartsFolder};
  std::filesystem::path recordPath(const char* folder, const std::string& key) const;
  // Writes `text` as the record at `record` (a recordPath), whole or not at
  // all: written aside, renamed over the one before. False, with why, when
  // it cannot be written (a full disk): the record is as before.
  bool writeRecord(const std::filesystem::path& record, const std::string& text, std::string& why) const;
  // A record's use, for the bound.
  void noteUse(const std::filesystem::path& record) const;
  // A damaged record goes.
  void removeRecord(const std::filesystem::path& record) const;

 private:
  // look, and each file's check digest into `checks` when given.
  std::optional<CacheEntry> lookChecked(const std::string& key, std::vector<std::string>* checks,
                                        std::string& problem) const;
  std::filesystem::path entryDirectory(const std::string& key) const;
  void remove(const std::filesystem::path& entry) const;

  std::filesystem::path directory_;
};

}  // namespace isla
