// SPDX-License-Identifier: MIT
// isla-tool cache stats|clear DIR: says what a patch cache holds and
// empties it, and refuses a directory that is not one.
#include <boost/test/unit_test.hpp>

#include <fstream>

#include "isla/cache/patch_cache.hpp"
#include "isla/publish/sha256.hpp"
#include "skips.hpp"
#include "tool_runner.hpp"

namespace fs = std::filesystem;
using isla::test::runTool;
using isla::test::TempDir;

namespace {

// Stores one entry a key, of one file holding `text`.
void storeEntry(const isla::PatchCache& cache, const fs::path& scratch, char key, const std::string& text) {
  const fs::path from = scratch / std::string(1, key);
  fs::create_directories(from);
  std::ofstream(from / "terrain.json", std::ios::binary) << text;
  cache.store(std::string(64, key), isla::EntryPlace{from, {}, {}},
              {{{"terrain.json", text.size(), isla::sha256OfFile(from / "terrain.json")}}, ""});
}

}  // namespace

BOOST_AUTO_TEST_SUITE(cache_command)

BOOST_AUTO_TEST_CASE(stats_says_what_the_cache_holds_and_clear_empties_it) {
  TempDir dir;
  const fs::path directory = dir / "cache";
  const isla::PatchCache cache(directory);
  storeEntry(cache, dir.path(), 'a', "[1, 2, 3]");
  storeEntry(cache, dir.path(), 'b', "[4, 5]");
  const isla::CacheStats held = cache.stats();
  BOOST_TEST_REQUIRE(held.entries == 2u);

  auto run = runTool({"cache", "stats", directory.string()});
  BOOST_TEST(run.exitCode == 0, run.err);
  BOOST_TEST(run.out == directory.string() + ": 2 entries, " + std::to_string(held.bytes) + " bytes (0.0 MiB)\n");
  run = runTool({"cache", "stats", directory.string(), "--json"});
  BOOST_TEST(run.out == "{\n  \"entries\": 2,\n  \"bytes\": " + std::to_string(held.bytes) + "\n}\n");

  run = runTool({"cache", "clear", directory.string()});
  BOOST_TEST(run.exitCode == 0, run.err);
  BOOST_TEST(run.out == "cleared " + directory.string() + ": 2 entries, " + std::to_string(held.bytes) +
                            " bytes (0.0 MiB) removed\n");
  BOOST_TEST(cache.stats().entries == 0u);
  run = runTool({"cache", "stats", directory.string()});
  BOOST_TEST(run.out == directory.string() + ": 0 entries, 0 bytes (0.0 MiB)\n");
}

// Issue 57: a clear that cannot remove everything (a cache it may not
// write, as another user's) says what it could not remove and fails; it
// said "2 entries removed" and exited 0, removing none.
BOOST_AUTO_TEST_CASE(clear_says_what_it_could_not_remove_and_fails) {
  TempDir dir;
  const fs::path directory = dir / "cache";
  const isla::PatchCache cache(directory);
  storeEntry(cache, dir.path(), 'a', "[1, 2, 3]");
  storeEntry(cache, dir.path(), 'b', "[4, 5]");
  // A damaged entry, which stats does not count.
  storeEntry(cache, dir.path(), 'c', "[6]");
  std::ofstream(directory / "entries" / std::string(64, 'c') / "entry.txt", std::ios::app) << "damage\n";
  const isla::CacheStats held = cache.stats();
  BOOST_TEST_REQUIRE(held.entries == 2u);
  {
    const isla::test::LockedDirectory locked(directory / "entries");
    if (!locked.locked()) {
      isla::test::cannotRun("a directory cannot be locked here (chattr is missing)");
      return;
    }
    const auto run = runTool({"cache", "clear", directory.string()});
    BOOST_TEST(run.exitCode == 1);
    BOOST_TEST(run.out.empty(), run.out);
    for (const char key : {'a', 'b', 'c'}) {
      BOOST_TEST(run.err.find((directory / "entries" / std::string(64, key)).string()) != std::string::npos, run.err);
    }
    BOOST_TEST(run.err.starts_with("isla-tool: error: could not remove 3 of the entries and records of " +
                                   directory.string() + ": "),
               run.err);
    BOOST_TEST(cache.stats().entries == 2u);
  }
  // Once it may, the same clear removes them all.
  const auto run = runTool({"cache", "clear", directory.string()});
  BOOST_TEST(run.exitCode == 0, run.err);
  BOOST_TEST(run.out == "cleared " + directory.string() + ": 2 entries, " + std::to_string(held.bytes) +
                            " bytes (0.0 MiB) removed\n");
  BOOST_TEST(fs::is_empty(directory / "entries"));
}

BOOST_AUTO_TEST_CASE(a_directory_that_is_not_a_cache_is_refused_and_left_alone) {
  TempDir dir;
  fs::create_directories(dir / "empty");
  for (const std::string action : {"stats", "clear"}) {
    const auto run = runTool({"cache", action, (dir / "empty").string()});
    BOOST_TEST(run.exitCode == 1);
    BOOST_TEST(run.err == "isla-tool: error: '" + (dir / "empty").string() +
                              "' is not an isla-tool cache (it has no CACHEDIR.TAG of isla-tool); give the directory "
                              "that a compile through the cache made\n");
  }
  BOOST_TEST(fs::is_empty(dir / "empty"));
  const auto run = runTool({"cache", "empty", (dir / "empty").string()});
  BOOST_TEST(run.exitCode == 2);
  BOOST_TEST(run.err.starts_with("isla-tool cache: give an action: stats or clear\n"), run.err);
}

BOOST_AUTO_TEST_SUITE_END()
