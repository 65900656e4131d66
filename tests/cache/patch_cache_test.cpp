// SPDX-License-Identifier: MIT
// The patch cache's store (issue 38): what is stored comes back byte for
// byte; a damaged, truncated or tampered entry is reported and removed,
// never served; writers sharing the cache at once leave it whole; a full
// disk while storing leaves it as it was; the least recently used entries
// go first; a directory holding other things is refused.
#include <boost/test/unit_test.hpp>

#include <sys/resource.h>
#include <sys/stat.h>

#include <csignal>
#include <filesystem>
#include <fstream>
#include <thread>

#include "cache/check_digest.hpp"
#include "entry_files.hpp"
#include "irregular_files.hpp"
#include "isla/base/io_error.hpp"
#include "isla/cache/patch_cache.hpp"
#include "isla/publish/sha256.hpp"
#include "text_files.hpp"
#include "tool_runner.hpp"

namespace fs = std::filesystem;
using isla::CacheEntry;
using isla::CachedFile;
using isla::PatchCache;
using isla::test::entryFiles;
using isla::test::readText;
using isla::test::TempDir;
using isla::test::writeText;

namespace {

const std::string kKey(64, 'a');
const std::string kOtherKey(64, 'b');
const std::string kThirdKey(64, 'c');

CachedFile described(const fs::path& from, const std::string& path) {
  return {path, fs::file_size(from / path), isla::sha256OfFile(from / path)};
}

// A patch's outputs: two files, one in a folder, and a note.
CacheEntry writeOutputs(const fs::path& from, const std::string& text) {
  writeText(from / "terrain" / "p-0-0.json", "{\"heights\": [" + text + "]}\n");
  writeText(from / "figures.txt", "lowest 1\nhighest " + text + "\n");
  return {{described(from, "terrain/p-0-0.json"), described(from, "figures.txt")}, "highest " + text};
}

isla::EntryPlace at(const fs::path& root) { return {root, {}, {}}; }

// What storing, fetching or looking up an entry came to: "stored",
// "placed", "listed", "missing", or the error's message.
std::string storing(const PatchCache& cache, const std::string& key, const fs::path& from, const CacheEntry& entry) {
  try {
    cache.store(key, at(from), entry);
    return "stored";
  } catch (const isla::CacheNotKept& notKept) {
    return notKept.what();
  }
}

std::string fetching(const PatchCache& cache, const std::string& key, const fs::path& into) {
  try {
    return cache.fetch(key, at(into)) ? "placed" : "missing";
  } catch (const isla::CacheDamaged& damage) {
    return damage.what();
  }
}

std::string looking(const PatchCache& cache, const std::string& key) {
  try {
    return cache.look(key) ? "listed" : "missing";
  } catch (const isla::CacheDamaged& damage) {
    return damage.what();
  }
}

std::size_t filesBelow(const fs::path& directory) {
  std::size_t count = 0;
  for (const auto& entry : fs::recursive_directory_iterator(directory)) count += entry.is_regular_file() ? 1U : 0U;
  return count;
}

// The one file of the cache whose listed name ends so (an entry's file or list).
fs::path storedFile(const fs::path& cache, const std::string& ending) {
  std::vector<fs::path> found;
  for (const auto& entry : fs::directory_iterator(cache / "entries")) {
    for (const auto& [path, file] : entryFiles(entry.path())) {
      if (path.ends_with(ending)) found.push_back(file);
    }
  }
  BOOST_TEST_REQUIRE(found.size() == 1u);
  return found.front();
}

// Returns once a file written now gets a later modification time than one
// written before (the filesystem's clock is coarse): the next use of an
// entry is then seen as later than the uses before it.
void waitForTheFileClock(const fs::path& directory) {
  const fs::path probe = directory / "clock-probe";
  writeText(probe, "");
  const auto before = fs::last_write_time(probe);
  while (true) {
    writeText(probe, "");
    if (fs::last_write_time(probe) > before) break;
  }
  fs::remove(probe);
}

}  // namespace

BOOST_AUTO_TEST_SUITE(patch_cache)

BOOST_AUTO_TEST_CASE(a_stored_entry_comes_back_byte_for_byte) {
  TempDir dir;
  const PatchCache cache(dir / "cache");
  const auto files = writeOutputs(dir / "made", "1, 2, 3");
  BOOST_TEST_REQUIRE(storing(cache, kKey, dir / "made", files) == "stored");
  BOOST_TEST(cache.stats().entries == 1u);

  const auto listed = cache.look(kKey);
  BOOST_TEST_REQUIRE(listed.has_value());
  BOOST_TEST((*listed == files));
  BOOST_TEST(!fs::exists(dir / "stage"));
  const auto fetched = cache.fetch(kKey, at(dir / "stage"));
  BOOST_TEST_REQUIRE(fetched.has_value());
  BOOST_TEST((fetched->entry == files));
  BOOST_TEST(fetched->checks.at("figures.txt") == isla::checkDigestOfFile(dir / "made" / "figures.txt"));
  BOOST_TEST(readText(dir / "stage" / "terrain" / "p-0-0.json") == readText(dir / "made" / "terrain" / "p-0-0.json"));
  BOOST_TEST(readText(dir / "stage" / "figures.txt") == readText(dir / "made" / "figures.txt"));

  BOOST_TEST(fetching(cache, kOtherKey, dir / "elsewhere") == "missing");
  BOOST_TEST(!fs::exists(dir / "elsewhere"));
  // Storing a key again leaves the first entry.
  writeOutputs(dir / "again", "9");
  BOOST_TEST(storing(cache, kKey, dir / "again", files) == "stored");
  BOOST_TEST(readText(storedFile(dir / "cache", "figures.txt")) == "lowest 1\nhighest 1, 2, 3\n");
}

BOOST_AUTO_TEST_CASE(a_damaged_entry_is_reported_and_removed_never_served) {
  TempDir dir;
  const PatchCache cache(dir / "cache");

  // A byte flipped, the size kept.
  const auto files = writeOutputs(dir / "made", "1, 2, 3");
  BOOST_TEST_REQUIRE(storing(cache, kKey, dir / "made", files) == "stored");
  fs::remove_all(dir / "made");  // the entry's files may be links to these
  const fs::path stored = storedFile(dir / "cache", "p-0-0.json");
  std::string text = readText(stored);
  const std::string listedCheck = isla::checkDigest(std::as_bytes(std::span(text)));
  text[14] = '7';
  writeText(stored, text);
  BOOST_TEST(fetching(cache, kKey, dir / "stage") == "terrain/p-0-0.json has XXH3-128 " +
                                                         isla::checkDigest(std::as_bytes(std::span(text))) +
                                                         ", its list says " + listedCheck);
  BOOST_TEST(cache.stats().entries == 0u);
  BOOST_TEST(filesBelow(dir / "stage") == 0u);
  BOOST_TEST(fetching(cache, kKey, dir / "stage") == "missing");

  // Truncated.
  const auto truncated = writeOutputs(dir / "made", "4, 5");
  BOOST_TEST_REQUIRE(storing(cache, kKey, dir / "made", truncated) == "stored");
  fs::remove_all(dir / "made");
  fs::resize_file(storedFile(dir / "cache", "figures.txt"), 3);
  BOOST_TEST(fetching(cache, kKey, dir / "stage") ==
             "figures.txt has 3 bytes, its list says " + std::to_string(truncated.files[1].bytes));
  BOOST_TEST(cache.stats().entries == 0u);

  // Its list changed (a file's recorded size), so that the files would match it.
  const auto tampered = writeOutputs(dir / "made", "6");
  BOOST_TEST_REQUIRE(storing(cache, kKey, dir / "made", tampered) == "stored");
  const fs::path list = storedFile(dir / "cache", "entry.txt");
  std::string listed = readText(list);
  const std::string size = "file " + std::to_string(tampered.files[0].bytes) + " ";
  listed.replace(listed.find(size), size.size(), "file " + std::to_string(tampered.files[0].bytes - 1) + " ");
  writeText(list, listed);
  BOOST_TEST(fetching(cache, kKey, dir / "stage") == "its list " + list.string() + " is damaged");
  BOOST_TEST(cache.stats().entries == 0u);
  BOOST_TEST(filesBelow(dir / "stage") == 0u);

  // Its note changed: looking at it, before any file is placed, says so.
  BOOST_TEST_REQUIRE(storing(cache, kKey, dir / "made", tampered) == "stored");
  listed = readText(list);
  listed.replace(listed.find("note highest 6"), 14, "note highest 7");
  writeText(list, listed);
  BOOST_TEST(looking(cache, kKey) == "its list " + list.string() + " is damaged");
  BOOST_TEST(cache.stats().entries == 0u);
}

// Issue 57: only regular files travel. What is not one where an entry
// keeps a file or its list, or where a record is (a symbolic link, even to
// an identical copy; a directory; a FIFO, which a plain read would wait on
// forever), is damage: said, removed, nothing placed; the key is then
// stored again as any missing one.
BOOST_AUTO_TEST_CASE(what_is_not_a_regular_file_in_an_entry_or_a_record_is_damage) {
  for (const auto kind : isla::test::kIrregulars) {
    for (const std::string which : {"p-0-0.json", "entry.txt"}) {
      BOOST_TEST_CONTEXT(isla::test::described(kind) << " as " << which) {
        TempDir dir;
        const PatchCache cache(dir / "cache");
        const auto files = writeOutputs(dir / "made", "1, 2, 3");
        BOOST_TEST_REQUIRE(storing(cache, kKey, dir / "made", files) == "stored");
        const fs::path stored = storedFile(dir / "cache", which);
        isla::test::makeIrregular(stored, kind, dir / "aside");
        const std::string fetched = fetching(cache, kKey, dir / "stage");
        const std::string expected = which == "entry.txt" ? "its list " + stored.string() + " is not a regular file ("
                                                          : "terrain/p-0-0.json is not a regular file (";
        BOOST_TEST(fetched.starts_with(expected), fetched);
        BOOST_TEST(!fs::exists(fs::symlink_status(dir / "cache" / "entries" / kKey)));
        BOOST_TEST((!fs::exists(dir / "stage") || filesBelow(dir / "stage") == 0u));
        BOOST_TEST(storing(cache, kKey, dir / "made", files) == "stored");
        BOOST_TEST(fetching(cache, kKey, dir / "again") == "placed");
      }
    }
    BOOST_TEST_CONTEXT(isla::test::described(kind) << " as a record") {
      TempDir dir;
      const PatchCache cache(dir / "cache");
      const fs::path record = cache.recordPath(PatchCache::kSourcesFolder, kKey);
      cache.writeRecord(record, "a record\nsealed 0\n");
      isla::test::makeIrregular(record, kind, dir / "aside");
      std::string read;
      try {
        read = cache.readRecord(record, "a record\n") ? "read" : "missing";
      } catch (const isla::CacheDamaged& damage) {
        read = damage.what();
      }
      BOOST_TEST(read.starts_with("its record " + record.string() + " is not a regular file ("), read);
      BOOST_TEST(!fs::exists(fs::symlink_status(record)));
    }
  }
}

BOOST_AUTO_TEST_CASE(an_older_tools_entry_is_a_miss_and_goes) {
  TempDir dir;
  const PatchCache cache(dir / "cache");
  const auto asOlder = [&] {
    BOOST_TEST_REQUIRE(storing(cache, kKey, dir / "made", writeOutputs(dir / "made", "1")) == "stored");
    const fs::path list = storedFile(dir / "cache", "entry.txt");
    std::string text = readText(list);
    text.replace(0, text.find('\n'), "isla-tool cache entry 1");
    writeText(list, text);
    return list.parent_path();
  };
  const fs::path older = asOlder();
  BOOST_TEST(looking(cache, kKey) == "missing");  // not damaged: another version's
  BOOST_TEST(!fs::exists(older));
  // Stored again in this version.
  BOOST_TEST_REQUIRE(storing(cache, kKey, dir / "made", writeOutputs(dir / "made", "1")) == "stored");
  BOOST_TEST(looking(cache, kKey) == "listed");
  // One never looked up again goes with the next trim, whatever the bound.
  cache.clear();
  const fs::path left = asOlder();
  BOOST_TEST(cache.stats().entries == 0u);
  cache.trim(PatchCache::kDefaultMaxBytes);
  BOOST_TEST(!fs::exists(left));
}

BOOST_AUTO_TEST_CASE(an_older_tools_folders_of_entries_and_records_go_with_a_trim) {
  TempDir dir;
  const PatchCache cache(dir / "cache");
  BOOST_TEST_REQUIRE(storing(cache, kKey, dir / "made", writeOutputs(dir / "made", "1")) == "stored");
  // Version 2 kept entries and records one folder down, by their key's first two digits.
  const fs::path olderEntry = dir / "cache" / "entries" / kKey.substr(0, 2) / kKey;
  const fs::path olderRecord = dir / "cache" / PatchCache::kSourcesFolder / kKey.substr(0, 2) / kKey;
  fs::create_directories(olderEntry);
  writeText(olderEntry / "entry.txt", "isla-tool cache entry 2\n");
  fs::create_directories(olderRecord.parent_path());
  writeText(olderRecord, "an older record");
  BOOST_TEST(cache.stats().entries == 1u);
  cache.trim(PatchCache::kDefaultMaxBytes);
  BOOST_TEST(!fs::exists(olderEntry.parent_path()));
  BOOST_TEST(!fs::exists(olderRecord.parent_path()));
  BOOST_TEST(looking(cache, kKey) == "listed");  // this version's entry stays
  BOOST_TEST(fs::exists(dir / "cache" / PatchCache::kSourcesFolder));
}

BOOST_AUTO_TEST_CASE(writers_sharing_the_cache_at_once_leave_it_whole) {
  TempDir dir;
  const PatchCache cache(dir / "cache");
  constexpr std::size_t kWriters = 8;
  std::vector<CacheEntry> made(kWriters);
  for (std::size_t w = 0; w < kWriters; ++w) made[w] = writeOutputs(dir / std::to_string(w), "1, 2, 3");
  std::vector<std::string> failures(kWriters);
  std::vector<std::thread> writers;
  for (std::size_t w = 0; w < kWriters; ++w) {
    // Half store the one key, half a key of their own, each also fetching the shared one.
    writers.emplace_back([&, w] {
      const std::string key = w % 2 == 0 ? kKey : std::string(63, 'd') + std::to_string(w);
      if (const std::string stored = storing(cache, key, dir / std::to_string(w), made[w]); stored != "stored") {
        failures[w] = "store: " + stored;
      }
      if (const std::string fetched = fetching(cache, kKey, dir / ("stage-" + std::to_string(w)));
          fetched != "placed" && w % 2 == 0) {
        failures[w] = "fetch: " + fetched;
      }
    });
  }
  for (auto& writer : writers) writer.join();
  for (const auto& failure : failures) BOOST_TEST(failure.empty(), failure);
  BOOST_TEST(cache.stats().entries == 1u + kWriters / 2);
  BOOST_TEST(filesBelow(dir / "cache" / "tmp") == 0u);
  BOOST_TEST(fetching(cache, kKey, dir / "last") == "placed");
}

BOOST_AUTO_TEST_CASE(a_full_disk_while_storing_leaves_the_cache_as_it_was) {
  TempDir dir;
  const PatchCache cache(dir / "cache");
  BOOST_TEST_REQUIRE(storing(cache, kOtherKey, dir / "first", writeOutputs(dir / "first", "1")) == "stored");
  const auto files = writeOutputs(dir / "made", "1, 2, 3");
  // A file size limit below the entry's list makes its write fail with
  // EFBIG, as a full disk fails with ENOSPC, without a small filesystem.
  std::signal(SIGXFSZ, SIG_IGN);
  rlimit old{};
  getrlimit(RLIMIT_FSIZE, &old);
  rlimit limit = old;
  limit.rlim_cur = 64;
  setrlimit(RLIMIT_FSIZE, &limit);
  const std::string stored = storing(cache, kKey, dir / "made", files);
  setrlimit(RLIMIT_FSIZE, &old);
  std::signal(SIGXFSZ, SIG_DFL);
  BOOST_TEST(stored.find("the file-size limit (ulimit -f) of 64 bytes was reached") != std::string::npos, stored);
  BOOST_TEST(cache.stats().entries == 1u);
  BOOST_TEST(filesBelow(dir / "cache" / "tmp") == 0u);
  BOOST_TEST(filesBelow(dir / "made") == 2u);
  BOOST_TEST(fetching(cache, kKey, dir / "stage") == "missing");
  BOOST_TEST(fetching(cache, kOtherKey, dir / "stage") == "placed");
}

BOOST_AUTO_TEST_CASE(the_least_recently_used_entries_go_first) {
  TempDir dir;
  const PatchCache cache(dir / "cache");
  for (const auto& key : {kKey, kOtherKey, kThirdKey}) {
    BOOST_TEST_REQUIRE(storing(cache, key, dir / key, writeOutputs(dir / key, "1, 2, 3")) == "stored");
    waitForTheFileClock(dir.path());
  }
  BOOST_TEST(fetching(cache, kKey, dir / "stage") == "placed");  // the oldest, used again
  const std::uint64_t all = cache.stats().bytes, one = all / 3;
  cache.trim(all);
  BOOST_TEST(cache.stats().entries == 3u);
  cache.trim(2 * one);
  BOOST_TEST(cache.stats().entries == 2u);
  BOOST_TEST(fetching(cache, kOtherKey, dir / "other") == "missing");
  BOOST_TEST(fetching(cache, kKey, dir / "first") == "placed");
  BOOST_TEST(fetching(cache, kThirdKey, dir / "third") == "placed");
  cache.clear();
  BOOST_TEST(cache.stats().entries == 0u);
  BOOST_TEST(cache.stats().bytes == 0u);
}

BOOST_AUTO_TEST_CASE(a_directory_holding_other_things_is_refused) {
  TempDir dir;
  writeText(dir / "photos" / "beach.jpg", "not a cache");
  std::string message;
  try {
    const PatchCache cache(dir / "photos");
  } catch (const isla::IoError& error) {
    message = error.what();
  }
  BOOST_TEST(message == "'" + (dir / "photos").string() +
                            "' holds files but is not an isla-tool cache (it has no CACHEDIR.TAG of isla-tool); "
                            "give a new or empty directory");
  BOOST_TEST(filesBelow(dir / "photos") == 1u);
  // A cache opens again as itself.
  { const PatchCache made(dir / "cache"); }
  BOOST_CHECK_NO_THROW(PatchCache(dir / "cache"));
}

BOOST_AUTO_TEST_SUITE_END()
