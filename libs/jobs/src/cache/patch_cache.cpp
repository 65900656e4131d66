// SPDX-License-Identifier: MIT
// On disk: CACHEDIR.TAG (what backup tools skip, and what marks the
// directory as this tool's cache); a folder of records of each kind
// (kRecordFolders), each record a file named by its key; entries/<key>/
// with the entry's files, each named by its place in the list (0, 1, ...),
// and its list, entry.txt:
//   isla-tool cache entry 3
//   key <key>
//   note <the caller's line>
//   file <bytes> <sha256> <xxh3-128> <relative path>     (one a file)
//   sealed <SHA-256 of the lines above>
// (the XXH3-128 is what a fetch checks the file by: check_digest.hpp)
// whose modification time is the entry's last use (a record's own is
// its); and tmp/, where an entry or record is written before it is renamed
// in, and where an entry goes to be removed (renamed out first, so that no
// reader sees half of it). No folders below an entry or above it: on a
// filesystem that has just removed many files, making a folder costs more
// than writing a small file (docs/decisions.md). What trim finds that is
// not an entry or a record of this version (an older tool's) goes.
#include "isla/cache/patch_cache.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <sstream>
#include <stdexcept>

#include "../compile/file_placer.hpp"
#include "check_digest.hpp"
#include "isla/base/io_error.hpp"
#include "isla/base/relative_path.hpp"
#include "isla/cache/keyed_store.hpp"
#include "isla/publish/file_writer.hpp"
#include "sealed_record.hpp"

namespace isla {

namespace {

namespace fs = std::filesystem;

constexpr std::string_view kTag =
    "Signature: 8a477f597d28d172789f06886806bc55\n"
    "# This directory is an isla-tool patch cache (isla-tool cache stats|clear DIR).\n";
constexpr std::string_view kEntryHeader = "isla-tool cache entry 3\n";
// The beginning of any version's list: one of another version is not damaged, only not ours to read.
constexpr std::string_view kAnyEntryHeader = "isla-tool cache entry ";
constexpr const char* kTagName = "CACHEDIR.TAG";
constexpr const char* kListName = "entry.txt";
// What a killed writer leaves in tmp/ is removed once this old.
constexpr auto kAbandonedAfter = std::chrono::hours(1);

// Where the entry at `entry` keeps the file at `index` of its list.
fs::path storedFile(const fs::path& entry, std::size_t index) { return entry / std::to_string(index); }

std::string listText(const std::string& key, const PatchCache::ListedEntry& listed) {
  std::string text = std::string(kEntryHeader) + "key " + key + "\nnote " + listed.entry.note + "\n";
  for (std::size_t i = 0; i < listed.entry.files.size(); ++i) {
    const CachedFile& file = listed.entry.files[i];
    text += "file " + std::to_string(file.bytes) + " " + file.sha256 + " " + listed.checks[i] + " " + file.path + "\n";
  }
  return sealedText(text);
}

// The entry its list describes; CacheDamaged when it is not a sound list of `key`.
std::optional<PatchCache::ListedEntry> readList(const fs::path& path, const std::string& key) {
  const auto text = readSealedText(path, std::string(kEntryHeader) + "key " + key + "\n", "list");
  if (!text) return std::nullopt;
  PatchCache::ListedEntry listed;
  std::istringstream lines(*text);
  std::string line;
  std::getline(lines, line);  // the header
  std::getline(lines, line);  // the key
  if (!std::getline(lines, line) || !line.starts_with("note ")) {
    throw CacheDamaged("its list " + path.string() + " has no note");
  }
  listed.entry.note = line.substr(5);
  while (std::getline(lines, line)) {
    std::istringstream fields(line);
    std::string word, check;
    CachedFile file;
    fields >> word >> file.bytes >> file.sha256 >> check;
    std::getline(fields >> std::ws, file.path);
    if (word != "file" || !fields.eof() || !whyNotInside(file.path).empty()) {
      throw CacheDamaged("its list " + path.string() + " names a file it cannot hold");
    }
    listed.entry.files.push_back(std::move(file));
    listed.checks.push_back(std::move(check));
  }
  return listed;
}

// True when the list at `path` is another version's (an older tool's).
bool isOtherVersion(const fs::path& path) {
  std::string header;
  try {
    header = RegularFile(path).start(kEntryHeader.size());
  } catch (const IoError&) {
    return false;  // none, or not a file: damage (regular_file.hpp)
  }
  return header.starts_with(kAnyEntryHeader) && header != kEntryHeader;
}

// A name in tmp/ that no other writer, on this host or another sharing the directory, uses.
std::string uniqueName(const std::string& what) {
  static std::atomic<std::uint64_t> counter{0};
  char host[256] = {};
  ::gethostname(host, sizeof host - 1);
  return what + "-" + host + "-" + std::to_string(::getpid()) + "-" + std::to_string(counter++);
}

std::uint64_t entryBytes(const CacheEntry& entry, std::uint64_t listBytes) {
  std::uint64_t bytes = listBytes;
  for (const CachedFile& file : entry.files) bytes += file.bytes;
  return bytes;
}

// Runs `write`, which makes `aside`; when the filesystem fails it (a full
// disk, no permission), removes what it made and throws CacheNotKept.
template <class Write>
void makeAside(const fs::path& aside, Write&& write) {
  std::string why;
  try {
    write();
    return;
  } catch (const IoError& error) {
    why = error.what();
  } catch (const fs::filesystem_error& error) {
    why = error.what();
  }
  std::error_code ignored;
  fs::remove_all(aside, ignored);
  throw CacheNotKept(why);
}

}  // namespace

namespace {

bool isTagged(const fs::path& directory) {
  try {
    return RegularFile(directory / kTagName).text(kTag.size()) == kTag;
  } catch (const IoError&) {
    return false;  // none, another's, or not a file (a FIFO would block a plain read)
  }
}

// Makes a cache at `directory`, which is missing or empty, whole or not at
// all: made aside and renamed in, so that compiles making it at once all
// find it (the first rename wins, the others find it made).
void makeCache(const fs::path& directory) {
  const fs::path parent = directory.parent_path().empty() ? fs::path(".") : directory.parent_path();
  std::error_code error;
  fs::create_directories(parent, error);
  if (error) throwSystemError(directory, "make the cache", error.value());
  const fs::path aside = parent / ("." + directory.filename().string() + "." + uniqueName("making"));
  createDirectory(aside);
  createDirectory(aside / "entries");
  createDirectory(aside / "tmp");
  FileWriter writer = FileWriter::create(aside / kTagName, FileWriter::Digest::None);
  writer.write(kTag);
  writer.close();
  if (::rename(aside.c_str(), directory.c_str()) != 0) {
    const int failure = errno;
    fs::remove_all(aside, error);
    if (failure != EEXIST && failure != ENOTEMPTY) throwSystemError(directory, "make the cache", failure);
  }
}

}  // namespace

PatchCache::PatchCache(fs::path directory, Opening opening) : directory_(std::move(directory)) {
  if (!directory_.has_filename()) directory_ = directory_.parent_path();  // "cache/"
  if (isTagged(directory_)) {
    std::error_code ignored;  // a cache whose folders were removed by hand gets them again
    fs::create_directories(directory_ / "entries", ignored);
    fs::create_directories(directory_ / "tmp", ignored);
    return;
  }
  if (opening == Opening::Existing) {
    throw IoError(directory_, "'" + directory_.string() +
                                  "' is not an isla-tool cache (it has no CACHEDIR.TAG of "
                                  "isla-tool); give the directory that a compile through the cache made");
  }
  std::error_code error;
  const bool empty = !fs::exists(directory_, error) || fs::is_empty(directory_, error);
  if (empty) makeCache(directory_);
  if (!isTagged(directory_)) {
    throw IoError(directory_, "'" + directory_.string() +
                                  "' holds files but is not an isla-tool cache (it has no CACHEDIR.TAG of "
                                  "isla-tool); give a new or empty directory");
  }
}

fs::path PatchCache::entryDirectory(const std::string& key) const {
  return directory_ / "entries" / key;
}

std::optional<std::string> PatchCache::remove(const fs::path& entry) const {
  const fs::path aside = directory_ / "tmp" / uniqueName("removed");
  if (::rename(entry.c_str(), aside.c_str()) != 0) {
    if (errno == ENOENT) return std::nullopt;  // removed by another meanwhile
    return entry.string() + " (" + std::strerror(errno) + ")";
  }
  std::error_code error;
  fs::remove_all(aside, error);
  if (error) return aside.string() + " (" + error.message() + ")";
  return std::nullopt;
}

fs::path EntryPlace::of(const std::string& path) const {
  return !apart.empty() && path.starts_with(apart) ? apartRoot / path.substr(apart.size()) : root / path;
}

std::optional<PatchCache::ListedEntry> PatchCache::listedEntry(const std::string& key) const {
  checkKey(key);
  const fs::path entry = entryDirectory(key);
  struct stat folder {};
  if (::lstat(entry.c_str(), &folder) != 0) return std::nullopt;
  if (!S_ISDIR(folder.st_mode)) {  // a link to an entry elsewhere is not one of this cache's
    remove(entry);
    throw CacheDamaged("its folder " + entry.string() + " is not a directory");
  }
  try {
    return readList(entry / kListName, key);
  } catch (const CacheDamaged&) {
    const bool older = isOtherVersion(entry / kListName);
    remove(entry);
    if (older) return std::nullopt;
    throw;
  }
}

std::optional<CacheEntry> PatchCache::look(const std::string& key) const {
  auto found = listedEntry(key);
  if (!found) return std::nullopt;
  return std::move(found->entry);
}

std::optional<FetchedEntry> PatchCache::fetch(const std::string& key, const EntryPlace& into) const {
  auto found = listedEntry(key);
  if (!found) return std::nullopt;
  const fs::path entry = entryDirectory(key), list = entry / kListName;
  FilePlacer placer;
  std::vector<fs::path> placed;
  const auto unplace = [&] {
    std::error_code ignored;
    for (const fs::path& path : placed) fs::remove(path, ignored);
  };
  // Damaged: nothing of it stays where it was placed, and it goes.
  const auto damaged = [&](const std::string& what) {
    unplace();
    remove(entry);
    return CacheDamaged(what);
  };
  FetchedEntry fetched{std::move(found->entry), {}};
  for (std::size_t i = 0; i < fetched.entry.files.size(); ++i) {
    const CachedFile& file = fetched.entry.files[i];
    const fs::path to = into.of(file.path);
    try {
      placer.place(storedFile(entry, i), to);
    } catch (const NotRegularFile& irregular) {
      throw damaged(file.path + " is not a regular file (" + irregular.kind() + ")");
    } catch (const UnreadableFile& unreadable) {
      if (!fs::exists(list)) {  // removed by another meanwhile: a miss
        unplace();
        return std::nullopt;
      }
      throw damaged(file.path + " cannot be read (" + unreadable.what() + ")");
    }
    placed.push_back(to);
    const std::uint64_t size = fs::file_size(to);
    if (size != file.bytes) {
      throw damaged(file.path + " has " + std::to_string(size) + " bytes, its list says " + std::to_string(file.bytes));
    }
    if (const std::string check = checkDigestOfFile(to); check != found->checks[i]) {
      throw damaged(file.path + " has XXH3-128 " + check + ", its list says " + found->checks[i]);
    }
    fetched.checks.emplace(file.path, found->checks[i]);
  }
  markUsed(list);
  return fetched;
}

void PatchCache::noteEntryUse(const std::string& key) const {
  checkKey(key);
  markUsed(entryDirectory(key) / kListName);
}

void PatchCache::removeEntry(const std::string& key) const {
  checkKey(key);
  remove(entryDirectory(key));
}

void PatchCache::store(const std::string& key, const EntryPlace& from, const CacheEntry& stored,
                       const std::map<std::string, std::string>& known) const {
  checkKey(key);
  if (stored.note.find('\n') != std::string::npos) throw std::invalid_argument("a cache entry's note is one line");
  for (const CachedFile& file : stored.files) {
    if (!whyNotInside(file.path).empty()) throw std::invalid_argument("a cached file's path stays below its entry: " + file.path);
  }
  const fs::path entry = entryDirectory(key);
  if (fs::exists(entry / kListName)) return;
  const fs::path written = directory_ / "tmp" / uniqueName("store-" + key);
  std::error_code ignored;
  makeAside(written, [&] {
    createDirectory(written);
    FilePlacer placer;
    ListedEntry listed{stored, {}};
    for (std::size_t i = 0; i < stored.files.size(); ++i) {
      const CachedFile& file = stored.files[i];
      try {
        placer.place(from.of(file.path), storedFile(written, i));
      } catch (const UnreadableFile& unreadable) {
        throw IoError(from.of(file.path), file.path + " cannot be read (" + unreadable.what() + ")");
      }
      const auto check = known.find(file.path);
      listed.checks.push_back(check != known.end() ? check->second : checkDigestOfFile(storedFile(written, i)));
    }
    FileWriter list = FileWriter::create(written / kListName, FileWriter::Digest::None);
    list.write(listText(key, listed));
    list.close();
    fs::create_directories(entry.parent_path());
  });
  // In whole, or not at all; a writer that stored the same key first wins.
  if (::rename(written.c_str(), entry.c_str()) != 0) {
    const int error = errno;
    fs::remove_all(written, ignored);
    if (error == EEXIST || error == ENOTEMPTY) return;
    throw CacheNotKept("cannot rename '" + written.string() + "' to '" + entry.string() + "': " + std::strerror(error));
  }
}

namespace {

// The sound entries below `entries`, and what else is there: entries of
// another version (an older tool's) and folders that are no entry.
struct FoundEntries {
  std::vector<StoredThing> sound;
  std::vector<fs::path> others;
};

FoundEntries entriesBelow(const fs::path& entries) {
  KeyedNames names = namesBelow(entries);
  FoundEntries found{{}, std::move(names.others)};
  for (const fs::path& entry : names.keyed) {
    const std::string key = entry.filename().string();
    const fs::path list = entry / kListName;
    std::error_code gone;
    const auto used = fs::last_write_time(list, gone);
    const std::uint64_t listBytes = gone ? 0 : fs::file_size(list, gone);
    std::optional<PatchCache::ListedEntry> listed;
    try {
      listed = readList(list, key);
    } catch (const CacheDamaged&) {
      // damaged (a use removes it), or another version's
    }
    if (!gone && !listed && isOtherVersion(list)) found.others.push_back(entry);
    if (gone || !listed) continue;  // removed meanwhile, damaged or another version's
    found.sound.push_back({entry, key, used, entryBytes(listed->entry, listBytes)});
  }
  return found;
}

// The records among `keyed`, each a file, into `held`.
void addRecords(const std::vector<fs::path>& keyed, std::vector<StoredThing>& held) {
  for (const fs::path& record : keyed) {
    std::error_code gone;
    const auto used = fs::last_write_time(record, gone);
    const std::uint64_t bytes = gone ? 0 : fs::file_size(record, gone);
    if (!gone) held.push_back({record, record.filename().string(), used, bytes});
  }
}

}  // namespace

void PatchCache::trim(std::uint64_t maxBytes) const {
  FoundEntries entries = entriesBelow(directory_ / "entries");
  for (const fs::path& entry : entries.others) remove(entry);
  std::vector<StoredThing> held = std::move(entries.sound);
  for (const char* folder : kRecordFolders) {
    const KeyedNames records = namesBelow(directory_ / folder);
    for (const fs::path& left : records.others) {  // an older tool's folders of records
      std::error_code ignored;
      fs::remove_all(left, ignored);
    }
    addRecords(records.keyed, held);
  }
  for (const StoredThing& thing : beyondBound(std::move(held), StoreBound{.bytes = maxBytes})) {
    if (thing.path.parent_path() == directory_ / "entries") {
      remove(thing.path);
    } else {
      removeRecord(thing.path);
    }
  }
  const auto abandoned = fs::file_time_type::clock::now() - kAbandonedAfter;
  std::error_code error;
  for (const auto& left : fs::directory_iterator(directory_ / "tmp", error)) {
    std::error_code gone;
    if (fs::last_write_time(left.path(), gone) < abandoned && !gone) fs::remove_all(left.path(), gone);
  }
}

CacheStats PatchCache::stats() const {
  CacheStats stats;
  std::vector<StoredThing> found = entriesBelow(directory_ / "entries").sound;
  stats.entries = found.size();
  for (const char* folder : kRecordFolders) addRecords(namesBelow(directory_ / folder).keyed, found);
  for (const StoredThing& thing : found) stats.bytes += thing.bytes;
  return stats;
}

std::vector<std::string> PatchCache::clear() const {
  std::vector<std::string> left;
  const auto unreadable = [&](const fs::path& folder, const std::error_code& error) {
    if (error && error != std::errc::no_such_file_or_directory) left.push_back(folder.string() + " (" + error.message() + ")");
  };
  std::error_code error;
  for (const auto& entry : fs::directory_iterator(directory_ / "entries", error)) {
    if (auto why = remove(entry.path())) left.push_back(std::move(*why));
  }
  unreadable(directory_ / "entries", error);
  for (const char* folder : kRecordFolders) {
    for (const auto& record : fs::directory_iterator(directory_ / folder, error)) {
      std::error_code failed;
      fs::remove_all(record.path(), failed);
      if (failed) left.push_back(record.path().string() + " (" + failed.message() + ")");
    }
    unreadable(directory_ / folder, error);
  }
  return left;
}

fs::path PatchCache::recordPath(const char* folder, const std::string& key) const {
  checkKey(key);
  return directory_ / folder / key;
}

void PatchCache::writeRecord(const fs::path& record, const std::string& text) const {
  const fs::path written = directory_ / "tmp" / uniqueName("record");
  makeAside(written, [&] {
    FileWriter writer = FileWriter::create(written, FileWriter::Digest::None);
    writer.write(text);
    writer.close();
    fs::create_directories(record.parent_path());
  });
  if (::rename(written.c_str(), record.c_str()) != 0) {
    const std::string why =
        "cannot rename '" + written.string() + "' to '" + record.string() + "': " + std::strerror(errno);
    std::error_code ignored;
    fs::remove(written, ignored);
    throw CacheNotKept(why);
  }
}

std::optional<std::string> PatchCache::readRecord(const fs::path& record, std::string_view beginning) const {
  try {
    return readSealedText(record, beginning, "record");
  } catch (const CacheDamaged&) {
    removeRecord(record);
    throw;
  }
}

void PatchCache::noteUse(const fs::path& record) const { markUsed(record); }

void PatchCache::removeRecord(const fs::path& record) const {
  std::error_code ignored;
  fs::remove(record, ignored);
}

}  // namespace isla
