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
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
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

// Where an entry's files go when fetched, or come from when stored: each
// at its relative path below `root`, but those below `apart` (a folder of
// the entry's own, such as a patch's notes for an assembly) below
// `apartRoot` instead.
struct EntryPlace {
  std::filesystem::path root;
  std::string apart;  // "assembly-notes/"; empty: none
  std::filesystem::path apartRoot;

  std::filesystem::path of(const std::string& path) const;
};

// An entry placed: as its sealed list gives it, and each file's check
// digest (XXH3-128, check_digest.hpp) by path.
struct FetchedEntry {
  CacheEntry entry;
  std::map<std::string, std::string> checks;
};

// What the cache holds under a key, or a record of it, is damaged (cut
// short, changed, not sealed): it was removed, never served; what() says
// what was wrong ("its list PATH is damaged", "figures.txt has 3 bytes,
// its list says 31").
class CacheDamaged : public std::runtime_error {
  using std::runtime_error::runtime_error;
};

// The cache could not keep an entry or a record (a full disk, no
// permission): it is as it was before; what() says why.
class CacheNotKept : public std::runtime_error {
  using std::runtime_error::runtime_error;
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
  // places the files); none when there is no such entry. CacheDamaged
  // when its list is.
  std::optional<CacheEntry> look(const std::string& key) const;

  // The entry of `key` placed (each file a file of its own: file_placer.hpp),
  // every byte checked against the entry's list; its use is noted for the
  // bound. None when there is no such entry. CacheDamaged when it is (a
  // file cut short or changed, or not a regular file): then nothing of it
  // is left placed.
  std::optional<FetchedEntry> fetch(const std::string& key, const EntryPlace& into) const;

  // Marks the entry of `key` used now, when there is one (an entry that
  // another entry stands for: its patches, when the whole world is placed).
  void noteEntryUse(const std::string& key) const;
  // Removes the entry of `key` (one whose note its caller finds damaged).
  void removeEntry(const std::string& key) const;

  // Stores the files of `entry` (placed as `from` says; their SHA-256 as
  // written) and its note (one line) as the entry of `key`. An entry of
  // that key is left as it is. CacheNotKept when the entry cannot be
  // written (a full disk): the cache is as before, and the files
  // untouched. A file whose check digest is in `known` (fetched from an
  // entry just now, and checked then) is not read again for it.
  void store(const std::string& key, const EntryPlace& from, const CacheEntry& entry,
             const std::map<std::string, std::string>& known = {}) const;

  // Removes the least recently used entries and records (stored or used)
  // until the rest hold at most `maxBytes`, and what killed writers left
  // behind.
  void trim(std::uint64_t maxBytes) const;

  CacheStats stats() const;
  // Removes every entry and record; returns what it could not remove, each
  // "PATH (why)" (a cache it may not write): nothing when all went.
  std::vector<std::string> clear() const;

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
  // all: written aside, renamed over the one before. CacheNotKept when it
  // cannot be written (a full disk): the record is as before.
  void writeRecord(const std::filesystem::path& record, const std::string& text) const;
  // The lines above the seal of the record at `record` (a recordPath),
  // which begins with `beginning`; none when there is none. CacheDamaged
  // when it is damaged: then it is removed.
  std::optional<std::string> readRecord(const std::filesystem::path& record, std::string_view beginning) const;
  // A record's use, for the bound.
  void noteUse(const std::filesystem::path& record) const;
  // A damaged record goes.
  void removeRecord(const std::filesystem::path& record) const;

  // An entry as its list gives it, with each file's check digest.
  struct ListedEntry {
    CacheEntry entry;
    std::vector<std::string> checks;
  };

 private:
  // The entry of `key` as its list gives it; a list of another version (an
  // older tool's) is not damaged but a miss. Removed when damaged.
  std::optional<ListedEntry> listedEntry(const std::string& key) const;
  std::filesystem::path entryDirectory(const std::string& key) const;
  // Removes the entry at `entry` (renamed into tmp/ first); returns why it
  // could not, or nothing (removed, or gone already).
  std::optional<std::string> remove(const std::filesystem::path& entry) const;

  std::filesystem::path directory_;
};

}  // namespace isla
