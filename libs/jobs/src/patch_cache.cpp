// SPDX-License-Identifier: MIT
// On disk: CACHEDIR.TAG (what backup tools skip, and what marks the
// directory as this tool's cache), entries/<first two hex digits>/<key>/
// with the entry's files below files/ and its list, entry.txt:
//   isla-tool cache entry 1
//   key <key>
//   file <bytes> <sha256> <relative path>     (one a file)
//   sealed <SHA-256 of the lines above>
// whose modification time is the entry's last use; and tmp/, where an
// entry is written before it is renamed in, and where one goes to be
// removed (renamed out first, so that no reader sees half of it).
#include "isla/jobs/patch_cache.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "file_placer.hpp"
#include "isla/base/io_error.hpp"
#include "isla/publish/file_writer.hpp"
#include "isla/publish/sha256.hpp"

namespace isla {

namespace {

namespace fs = std::filesystem;

constexpr std::string_view kTag =
    "Signature: 8a477f597d28d172789f06886806bc55\n"
    "# This directory is an isla-tool patch cache (isla-tool cache stats|clear DIR).\n";
constexpr std::string_view kEntryHeader = "isla-tool cache entry 1\n";
constexpr const char* kTagName = "CACHEDIR.TAG";
constexpr const char* kListName = "entry.txt";
constexpr const char* kFilesName = "files";
// What a killed writer leaves in tmp/ is removed once this old.
constexpr auto kAbandonedAfter = std::chrono::hours(1);

bool isKey(const std::string& key) {
  return key.size() == 64 && std::all_of(key.begin(), key.end(), [](char c) {
           return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
         });
}

// A relative path that stays below its folder.
bool isInside(const std::string& path) {
  const fs::path relative(path);
  if (path.empty() || relative.is_absolute()) return false;
  return std::none_of(relative.begin(), relative.end(), [](const fs::path& part) { return part == ".."; });
}

std::string listText(const std::string& key, const std::vector<CachedFile>& files) {
  std::string text = std::string(kEntryHeader) + "key " + key + "\n";
  for (const CachedFile& file : files) {
    text += "file " + std::to_string(file.bytes) + " " + file.sha256 + " " + file.path + "\n";
  }
  return text + "sealed " + sha256Hex(std::as_bytes(std::span(text))) + "\n";
}

// The files an entry's list names, or why it is not a sound list of `key`.
std::optional<std::vector<CachedFile>> readList(const fs::path& path, const std::string& key, std::string& problem) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;  // no such entry (or removed meanwhile)
  std::ostringstream whole;
  whole << in.rdbuf();
  const std::string text = whole.str();
  const std::size_t seal = text.rfind("sealed ");
  if (seal == std::string::npos ||
      text.substr(seal) != "sealed " + sha256Hex(std::as_bytes(std::span(text).first(seal))) + "\n" ||
      !text.starts_with(std::string(kEntryHeader) + "key " + key + "\n")) {
    problem = "its list " + path.string() + " is damaged";
    return std::nullopt;
  }
  std::vector<CachedFile> files;
  std::istringstream lines(text.substr(0, seal));
  std::string line;
  std::getline(lines, line);  // the header
  std::getline(lines, line);  // the key
  while (std::getline(lines, line)) {
    std::istringstream fields(line);
    std::string word;
    CachedFile file;
    fields >> word >> file.bytes >> file.sha256;
    std::getline(fields >> std::ws, file.path);
    if (word != "file" || !fields.eof() || !isInside(file.path)) {
      problem = "its list " + path.string() + " names a file it cannot hold";
      return std::nullopt;
    }
    files.push_back(std::move(file));
  }
  return files;
}

// A name in tmp/ that no other writer, on this host or another sharing the directory, uses.
std::string uniqueName(const std::string& what) {
  static std::atomic<std::uint64_t> counter{0};
  char host[256] = {};
  ::gethostname(host, sizeof host - 1);
  return what + "-" + host + "-" + std::to_string(::getpid()) + "-" + std::to_string(counter++);
}

std::uint64_t listBytes(const std::vector<CachedFile>& files, const fs::path& list) {
  std::uint64_t bytes = fs::file_size(list);
  for (const CachedFile& file : files) bytes += file.bytes;
  return bytes;
}

struct FoundEntry {
  fs::path directory;
  std::string key;
  fs::file_time_type used;
  std::uint64_t bytes = 0;
};

}  // namespace

PatchCache::PatchCache(fs::path directory, Opening opening) : directory_(std::move(directory)) {
  std::error_code error;
  if (opening == Opening::MakeIfNeeded) fs::create_directories(directory_, error);
  if (error) throwSystemError(directory_, "make the cache", error.value());
  const fs::path tag = directory_ / kTagName;
  std::ifstream in(tag, std::ios::binary);
  std::string found((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (found != kTag) {
    if (opening == Opening::Existing) {
      throw IoError(directory_, "'" + directory_.string() + "' is not an isla-tool cache (it has no CACHEDIR.TAG of "
                                    "isla-tool); give the directory that run compile --cache made");
    }
    if (fs::directory_iterator(directory_) != fs::directory_iterator()) {
      throw IoError(directory_, "'" + directory_.string() +
                                    "' holds files but is not an isla-tool cache (it has no CACHEDIR.TAG of "
                                    "isla-tool); give a new or empty directory to --cache");
    }
    FileWriter writer = FileWriter::create(tag, FileWriter::Digest::None);
    writer.write(kTag);
    writer.close();
  }
  fs::create_directories(directory_ / "entries");
  fs::create_directories(directory_ / "tmp");
}

fs::path PatchCache::entryDirectory(const std::string& key) const {
  return directory_ / "entries" / key.substr(0, 2) / key;
}

void PatchCache::remove(const fs::path& entry) const {
  const fs::path aside = directory_ / "tmp" / uniqueName("removed");
  if (::rename(entry.c_str(), aside.c_str()) != 0) return;  // removed by another meanwhile
  std::error_code ignored;
  fs::remove_all(aside, ignored);
}

std::optional<std::vector<CachedFile>> PatchCache::fetch(const std::string& key, const fs::path& into,
                                                         std::string& problem) const {
  problem.clear();
  if (!isKey(key)) throw std::invalid_argument("a cache key is 64 lowercase hex digits, not '" + key + "'");
  const fs::path entry = entryDirectory(key), list = entry / kListName;
  auto files = readList(list, key, problem);
  if (!files) {
    if (!problem.empty()) remove(entry);
    return std::nullopt;
  }
  FilePlacer placer;
  std::vector<fs::path> placed;
  const auto unplace = [&] {
    std::error_code ignored;
    for (const fs::path& path : placed) fs::remove(path, ignored);
  };
  // Damaged: nothing of it stays below `into`, and it goes.
  const auto damaged = [&](const std::string& why) -> std::optional<std::vector<CachedFile>> {
    unplace();
    problem = why;
    remove(entry);
    return std::nullopt;
  };
  for (const CachedFile& file : *files) {
    const fs::path to = into / file.path;
    std::string why;
    if (!placer.place(entry / kFilesName / file.path, to, why)) {
      if (!fs::exists(list)) {  // removed by another meanwhile: a miss
        unplace();
        return std::nullopt;
      }
      return damaged(file.path + " cannot be read (" + why + ")");
    }
    placed.push_back(to);
    const std::uint64_t size = fs::file_size(to);
    if (size != file.bytes) {
      return damaged(file.path + " has " + std::to_string(size) + " bytes, its list says " +
                     std::to_string(file.bytes));
    }
    if (const std::string sha256 = sha256OfFile(to); sha256 != file.sha256) {
      return damaged(file.path + " has SHA-256 " + sha256 + ", its list says " + file.sha256);
    }
  }
  ::utimensat(AT_FDCWD, list.c_str(), nullptr, 0);  // used now
  return files;
}

bool PatchCache::store(const std::string& key, const fs::path& from, const std::vector<CachedFile>& files,
                       std::string& why) const {
  if (!isKey(key)) throw std::invalid_argument("a cache key is 64 lowercase hex digits, not '" + key + "'");
  for (const CachedFile& file : files) {
    if (!isInside(file.path)) throw std::invalid_argument("a cached file's path stays below its entry: " + file.path);
  }
  const fs::path entry = entryDirectory(key);
  if (fs::exists(entry / kListName)) return true;
  const fs::path written = directory_ / "tmp" / uniqueName("store-" + key);
  std::error_code ignored;
  try {
    fs::create_directories(written);
    FilePlacer placer;
    for (const CachedFile& file : files) {
      if (!placer.place(from / file.path, written / kFilesName / file.path, why)) {
        fs::remove_all(written, ignored);
        why = file.path + " cannot be read (" + why + ")";
        return false;
      }
    }
    FileWriter list = FileWriter::create(written / kListName, FileWriter::Digest::None);
    list.write(listText(key, files));
    list.close();
    fs::create_directories(entry.parent_path());
  } catch (const IoError& error) {
    fs::remove_all(written, ignored);
    why = error.what();
    return false;
  } catch (const fs::filesystem_error& error) {
    fs::remove_all(written, ignored);
    why = error.what();
    return false;
  }
  // In whole, or not at all; a writer that stored the same key first wins.
  if (::rename(written.c_str(), entry.c_str()) != 0) {
    const int error = errno;
    fs::remove_all(written, ignored);
    if (error == EEXIST || error == ENOTEMPTY) return true;
    why = "cannot rename '" + written.string() + "' to '" + entry.string() + "': " + std::strerror(error);
    return false;
  }
  return true;
}

namespace {

std::vector<FoundEntry> entriesBelow(const fs::path& entries) {
  std::vector<FoundEntry> found;
  std::error_code error;
  for (const auto& shelf : fs::directory_iterator(entries, error)) {
    for (const auto& entry : fs::directory_iterator(shelf.path(), error)) {
      const std::string key = entry.path().filename().string();
      std::string problem;
      const fs::path list = entry.path() / kListName;
      std::error_code gone;
      const auto used = fs::last_write_time(list, gone);
      const auto files = readList(list, key, problem);
      if (gone || !files) continue;  // removed meanwhile, or damaged: fetch removes it
      found.push_back({entry.path(), key, used, listBytes(*files, list)});
    }
  }
  return found;
}

}  // namespace

void PatchCache::trim(std::uint64_t maxBytes) const {
  std::vector<FoundEntry> entries = entriesBelow(directory_ / "entries");
  std::sort(entries.begin(), entries.end(), [](const FoundEntry& a, const FoundEntry& b) {
    return a.used != b.used ? a.used > b.used : a.key < b.key;  // most recently used first
  });
  std::uint64_t kept = 0;
  for (const FoundEntry& entry : entries) {
    kept += entry.bytes;
    if (kept > maxBytes) remove(entry.directory);
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
  for (const FoundEntry& entry : entriesBelow(directory_ / "entries")) {
    ++stats.entries;
    stats.bytes += entry.bytes;
  }
  return stats;
}

void PatchCache::clear() const {
  std::error_code error;
  for (const auto& shelf : fs::directory_iterator(directory_ / "entries", error)) {
    for (const auto& entry : fs::directory_iterator(shelf.path(), error)) remove(entry.path());
  }
}

}  // namespace isla
