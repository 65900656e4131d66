// SPDX-License-Identifier: MIT
// run compile --cache (issue 38): the package is a fresh compile's, byte for
// byte, whatever the cache held; a patch is computed again only when what
// it is made from changed, or when its entry is damaged (said, and
// replaced); compiles sharing a cache at once, a cache that cannot be
// written to and the bound all leave a whole package; the keys are the
// shard records'. A source seen before, unchanged, is neither hashed nor
// validated again, nor are its samples read for its borders and water: its
// digest, its findings and those parts come from the cache's records,
// which are never trusted damaged.
#include <boost/json/parse.hpp>
#include <boost/test/unit_test.hpp>

#include <sys/stat.h>

#include <chrono>
#include <fstream>
#include <set>
#include <sstream>
#include <thread>

#include "cache/check_digest.hpp"
#include "compile_workspace.hpp"
#include "entry_files.hpp"
#include "file_tree.hpp"
#include "irregular_files.hpp"
#include "isla/io/file_identity.hpp"
#include "isla/publish/sha256.hpp"
#include "sample_blueprint.hpp"
#include "skips.hpp"
#include "test_kernel.hpp"
#include "text_files.hpp"
#include "tool_runner.hpp"

namespace fs = std::filesystem;
using isla::test::compileLayout;
using isla::test::entryFiles;
using isla::test::fileTree;
using isla::test::readText;
using isla::test::ToolRun;
using isla::test::Workspace;

namespace {

// A 3 x 3 layout: 25 patches, of which the corner source s0 makes 4 (its
// own, the strips east and south of it, the corner between them).
struct CachedWorld {
  Workspace workspace;
  std::string layout = workspace.layout("layout.json", 3, 3);
  std::string cache = workspace.path("cache");
  std::string exporter = "terrain-world-v1";
  std::vector<std::string> shared;  // further arguments of both compiles
  int runs = 0;

  // A fresh compile and one through the cache, which must be the same bytes;
  // returns the cached run.
  ToolRun compileBoth(const std::vector<std::string>& extra = {}) {
    const std::string fresh = workspace.path("fresh-" + std::to_string(runs));
    const std::string cached = workspace.path("cached-" + std::to_string(runs++));
    std::vector<std::string> arguments{"--quiet", "--exporter", exporter};
    arguments.insert(arguments.end(), shared.begin(), shared.end());
    const ToolRun plain = compileLayout(layout, fresh, arguments);
    BOOST_TEST_REQUIRE(plain.exitCode == 0, plain.err);
    arguments.insert(arguments.end(), {"--cache", cache});
    arguments.insert(arguments.end(), extra.begin(), extra.end());
    ToolRun run = compileLayout(layout, cached, arguments);
    BOOST_TEST_REQUIRE(run.exitCode == 0, run.err);
    BOOST_TEST((fileTree(cached) == fileTree(fresh)), "the cached package differs from the fresh one");
    return run;
  }

  // Gives the corner source s0 other heights, borders too (synth's
  // islands all have the same sea floor at their borders, unless made for
  // another spacing: their relief is scaled).
  void changeCornerSource() {
    fs::copy_file(workspace.dir / workspace.blueprint(99, 256, {"--spacing", "3"}),
                  workspace.dir / workspace.blueprint(1), fs::copy_options::overwrite_existing);
  }

  // Every patch's entry, or every whole world's (world_entry.hpp), by key, sorted.
  enum class Kind { Patch, World };
  std::vector<fs::path> entries(Kind kind) const {
    std::vector<fs::path> found;
    for (const auto& entry : fs::directory_iterator(fs::path(cache) / "entries")) {
      std::ifstream list(entry.path() / "entry.txt");
      std::string line;
      for (int i = 0; i < 3; ++i) std::getline(list, line);  // the header, the key, the note
      if (line.starts_with(kind == Kind::Patch ? "note figures " : "note world ")) found.push_back(entry.path());
    }
    std::sort(found.begin(), found.end(), [](const fs::path& a, const fs::path& b) { return a.filename() < b.filename(); });
    return found;
  }
  std::vector<std::string> keys() const {
    std::vector<std::string> found;
    for (const fs::path& entry : entries(Kind::Patch)) found.push_back(entry.filename().string());
    return found;
  }
  // Without the entries of whole worlds, a compile goes through its patches.
  void forgetWholeWorlds() const {
    for (const fs::path& entry : entries(Kind::World)) fs::remove_all(entry);
  }
};

std::string summary(int fromCache) {
  return "compiled 9 sources into 25 patches (" + std::to_string(fromCache) + " from the cache) and 40 shared edges";
}

bool startsWith(const std::string& text, const std::string& start) { return text.rfind(start, 0) == 0; }

// Returns once every blueprint in `dir` has settled: a compile remembers
// a source's digest only when its last change is kSettledAfter old.
void waitUntilSettled(const fs::path& dir) {
  for (const auto& entry : fs::directory_iterator(dir)) {
    if (entry.path().extension() != ".dat") continue;
    while (true) {
      struct stat info {};
      BOOST_TEST_REQUIRE(::stat(entry.path().c_str(), &info) == 0);
      if (isla::FileIdentity::of(info).settled()) break;
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
  }
}

// The cache's records of one kind (PatchCache::kSourcesFolder, ...).
std::vector<fs::path> records(const std::string& cache, const std::string& folder) {
  std::vector<fs::path> found;
  for (const auto& entry : fs::recursive_directory_iterator(fs::path(cache) / folder)) {
    if (entry.is_regular_file()) found.push_back(entry.path());
  }
  std::sort(found.begin(), found.end());
  return found;
}

// `text` less its seal, with `from` replaced by `to`, sealed again: a
// record forged as the tool would write it.
void forge(const fs::path& record, const std::string& from, const std::string& to) {
  std::string text = readText(record);
  text.resize(text.rfind("sealed "));
  const std::size_t at = text.find(from);
  BOOST_TEST_REQUIRE(at != std::string::npos, text);
  text.replace(at, from.size(), to);
  std::ofstream(record, std::ios::binary) << text << "sealed " << isla::sha256Hex(std::as_bytes(std::span(text)))
                                          << "\n";
}

// One digit of the record changed, its seal not.
void damage(const fs::path& record) {
  std::string text = readText(record);
  const std::size_t digit = text.find_first_of("0123456789", text.find('\n'));
  text[digit] = text[digit] == '1' ? '2' : '1';
  std::ofstream(record, std::ios::binary) << text;
}

// The cache's digest record of the source file `source`.
fs::path digestRecordOf(const std::string& cache, const fs::path& source) {
  for (const fs::path& record : records(cache, "sources")) {
    if (readText(record).find("\npath " + fs::absolute(source).lexically_normal().string() + "\n") !=
        std::string::npos) {
      return record;
    }
  }
  BOOST_FAIL("no digest record of " + source.string());
  return {};
}

}  // namespace

BOOST_AUTO_TEST_SUITE(cached_compile)

// A fresh cache filled, used with nothing changed, then with one corner
// source changed: its patch, its two strips and their corner computed again.
void computeOnlyWhatChanged(CachedWorld& world) {
  const ToolRun first = world.compileBoth();
  BOOST_TEST(startsWith(first.out, summary(0)), first.out);
  BOOST_TEST(world.keys().size() == 25u);
  BOOST_TEST(startsWith(world.compileBoth().out, summary(25)));
  world.changeCornerSource();
  const ToolRun changed = world.compileBoth();
  BOOST_TEST(startsWith(changed.out, summary(21)), changed.out);
  BOOST_TEST(changed.err.empty(), changed.err);
  BOOST_TEST(world.keys().size() == 29u);
}

BOOST_AUTO_TEST_CASE(the_package_is_a_fresh_compiles_and_only_what_changed_is_computed) {
  CachedWorld world;
  computeOnlyWhatChanged(world);
}

// 3D Tiles cuts its tiles from the world's quadtree across patches: each
// patch is cached as a shard of one patch, with its shares of the tiles
// it does not fill alone, which the compile merges as the assembly does.
BOOST_AUTO_TEST_CASE(tiles_across_patches_go_through_the_cache_too) {
  CachedWorld world;
  world.exporter = "3dtiles";
  computeOnlyWhatChanged(world);
  // A byte of a patch's shares flipped in a cache whose every entry is in
  // use: said, computed again, the same package (the whole world's entry,
  // which holds no shares, forgotten).
  CachedWorld unchanged;
  unchanged.exporter = "3dtiles";
  unchanged.compileBoth();
  unchanged.forgetWholeWorlds();
  fs::path shares;
  for (const fs::path& entry : unchanged.entries(CachedWorld::Kind::Patch)) {
    const auto files = entryFiles(entry);
    const auto found = files.find("assembly-notes/shares.bin");
    if (shares.empty() && found != files.end() && fs::file_size(found->second) > 0) shares = found->second;
  }
  BOOST_TEST_REQUIRE(!shares.empty());
  std::string bytes = readText(shares);
  bytes[bytes.size() / 2] = static_cast<char>(bytes[bytes.size() / 2] ^ 1);
  std::ofstream(shares, std::ios::binary) << bytes;
  const ToolRun damaged = unchanged.compileBoth();
  BOOST_TEST(startsWith(damaged.out, summary(24)), damaged.out);
  BOOST_TEST((damaged.err.find("[cache.damaged]") != std::string::npos &&
              damaged.err.find("assembly-notes/shares.bin has XXH3-128 ") != std::string::npos),
             damaged.err);
  BOOST_TEST(startsWith(unchanged.compileBoth().out, summary(25)));
}

// A world whose every input is as the cache remembers it is placed whole,
// from one entry: no patch is looked up, no source read. Its key names
// what the patches' keys do not, the layout's other settings among them.
BOOST_AUTO_TEST_CASE(an_unchanged_world_is_placed_whole) {
  CachedWorld world;
  waitUntilSettled(world.workspace.dir.path());
  const ToolRun first = world.compileBoth();
  BOOST_TEST(world.entries(CachedWorld::Kind::World).size() == 1u);
  // The world's name (in world.json, not in any patch): every patch from
  // the cache, the world not, and so the package is the fresh one.
  std::string layout = readText(world.layout);
  layout.replace(layout.find("\"name\": \"test\""), 14, "\"name\": \"other\"");
  std::ofstream(world.layout, std::ios::binary | std::ios::trunc) << layout;
  BOOST_TEST(startsWith(world.compileBoth().out, summary(25)));
  BOOST_TEST(world.entries(CachedWorld::Kind::World).size() == 2u);
  // Without any patch's entry, the whole world still comes from the cache,
  // saying what the compile that stored it said.
  for (const fs::path& entry : world.entries(CachedWorld::Kind::Patch)) fs::remove_all(entry);
  const ToolRun whole = world.compileBoth();
  BOOST_TEST(startsWith(whole.out, summary(25)), whole.out);
  const auto saidOf = [](const std::string& out) { return out.substr(out.find(')'), out.find(": ") - out.find(')')); };
  BOOST_TEST(saidOf(whole.out) == saidOf(first.out));
  BOOST_TEST(whole.err.empty(), whole.err);
  // Its list damaged: said, removed, and the world compiled from its patches (none left).
  const fs::path list = world.entries(CachedWorld::Kind::World).back() / "entry.txt";
  damage(list);
  damage(world.entries(CachedWorld::Kind::World).front() / "entry.txt");
  const ToolRun damaged = world.compileBoth();
  BOOST_TEST(startsWith(damaged.out, summary(0)), damaged.out);
  BOOST_TEST((startsWith(damaged.err, "warning: the cache's entry of the whole world was damaged (its list ") &&
              damaged.err.ends_with("): it was removed, and the world compiled from its patches [cache.damaged]\n")),
             damaged.err);
  BOOST_TEST(startsWith(world.compileBoth().out, summary(25)));
}

BOOST_AUTO_TEST_CASE(a_damaged_entry_is_said_removed_and_computed_again) {
  CachedWorld world;
  waitUntilSettled(world.workspace.dir.path());  // so that the whole world's entry is looked up too
  world.compileBoth();
  // A byte of p-0-2's terrain flipped in the cache: in the whole world's
  // entry and in the patch's, each a file of its own.
  const fs::path published = world.workspace.dir / "cached-0" / "terrain" / "p-0-2.json";
  const std::string listed = isla::checkDigestOfFile(published);
  std::string text = readText(published);
  const std::size_t digit = text.find_last_of("0123456789");
  text[digit] = text[digit] == '1' ? '2' : '1';
  for (const auto kind : {CachedWorld::Kind::World, CachedWorld::Kind::Patch}) {
    for (const fs::path& entry : world.entries(kind)) {
      const auto files = entryFiles(entry);
      if (const auto file = files.find("terrain/p-0-2.json"); file != files.end()) {
        isla::test::overwriteInPlace(file->second, digit, std::string(1, text[digit]));
      }
    }
  }
  const ToolRun run = world.compileBoth();
  BOOST_TEST(startsWith(run.out, summary(24)), run.out);
  // The whole world's entry is looked up first.
  const std::string found = "terrain/p-0-2.json has XXH3-128 " + isla::checkDigest(std::as_bytes(std::span(text))) +
                            ", its list says " + listed;
  BOOST_TEST(run.err == "warning: the cache's entry of the whole world was damaged (" + found +
                            "): it was removed, and the world compiled from its patches [cache.damaged]\n"
                            "warning: the cache's entry of patch p-0-2 was damaged (" + found +
                            "): it was removed, and the patch computed again [cache.damaged]\n");
  // Stored again, whole.
  BOOST_TEST(startsWith(world.compileBoth().out, summary(25)));
}

// Issue 57: packages compiled through one cache share no file with it nor
// with each other (they shared inodes, 4 links a file): an edit in place
// of one package's file (as `dd conv=notrunc`) leaves every other package
// and the cache as they were, and an edit of the cache's files leaves
// every package.
BOOST_AUTO_TEST_CASE(an_edit_in_place_of_one_package_changes_no_other_nor_the_cache) {
  CachedWorld world;
  waitUntilSettled(world.workspace.dir.path());
  world.compileBoth();  // cached-0: computed and stored
  world.compileBoth();  // cached-1: placed whole
  world.forgetWholeWorlds();
  world.compileBoth();  // cached-2: placed patch by patch
  const fs::path dir = world.workspace.dir.path();
  std::map<std::string, std::map<std::string, std::string>> before;
  for (const std::string name : {"cached-0", "cached-1", "cached-2", "cache"}) before[name] = fileTree(dir / name);
  const auto unchanged = [&](const std::vector<std::string>& names) {
    for (const std::string& name : names) BOOST_TEST((fileTree(dir / name) == before[name]), name << " changed");
  };
  const auto valid = [&](const std::vector<std::string>& names) {
    for (const std::string& name : names) {
      const ToolRun validated = isla::test::runTool({"validate", (dir / name).string()});
      BOOST_TEST(validated.exitCode == 0, name << ": " << validated.out << validated.err);
    }
  };
  isla::test::overwriteInPlace(dir / "cached-0" / "terrain" / "p-0-0.json", 1000, "X");
  unchanged({"cached-1", "cached-2", "cache"});
  valid({"cached-1", "cached-2"});
  const ToolRun again = world.compileBoth();  // cached-3, placed whole
  BOOST_TEST(startsWith(again.out, summary(25)), again.out);
  BOOST_TEST(again.err.empty(), again.err);

  // The reverse: each of the cache's copies of the file edited in place.
  before["cached-3"] = fileTree(dir / "cached-3");
  for (const auto kind : {CachedWorld::Kind::World, CachedWorld::Kind::Patch}) {
    for (const fs::path& entry : world.entries(kind)) {
      const auto files = entryFiles(entry);
      if (const auto file = files.find("terrain/p-0-0.json"); file != files.end()) {
        isla::test::overwriteInPlace(file->second, 1000, "X");
      }
    }
  }
  unchanged({"cached-1", "cached-2", "cached-3"});
  valid({"cached-1", "cached-2", "cached-3"});
}

// Issue 57: what is not a regular file where an entry keeps one (a
// symbolic link, even to an identical copy; a directory; a FIFO) is
// damage: said, the entry removed and the patch computed again, never
// placed into the package, and the next compile finds the cache whole.
BOOST_AUTO_TEST_CASE(an_entry_file_that_is_not_a_regular_file_is_damage_never_placed) {
  for (const auto kind : isla::test::kIrregulars) {
    BOOST_TEST_CONTEXT(isla::test::described(kind)) {
      CachedWorld world;
      world.compileBoth();
      world.forgetWholeWorlds();
      std::size_t replaced = 0;
      for (const fs::path& entry : world.entries(CachedWorld::Kind::Patch)) {
        const auto files = entryFiles(entry);
        if (const auto file = files.find("terrain/p-1-1.json"); file != files.end()) {
          isla::test::makeIrregular(file->second, kind, world.workspace.dir / "aside");
          ++replaced;
        }
      }
      BOOST_TEST_REQUIRE(replaced == 1u);
      const ToolRun run = world.compileBoth();
      BOOST_TEST(startsWith(run.out, summary(24)), run.out);
      BOOST_TEST((startsWith(run.err, "warning: the cache's entry of patch p-1-1 was damaged (terrain/p-1-1.json is "
                                      "not a regular file (") &&
                  run.err.ends_with("): it was removed, and the patch computed again [cache.damaged]\n")),
                 run.err);
      BOOST_TEST(isla::test::irregularEntries(world.workspace.path("cached-1")).empty());
      const ToolRun next = world.compileBoth();
      BOOST_TEST(startsWith(next.out, summary(25)), next.out);
      BOOST_TEST(next.err.empty(), next.err);
    }
  }
}

BOOST_AUTO_TEST_CASE(compiles_sharing_the_cache_at_once_both_succeed_and_leave_it_whole) {
  CachedWorld world;
  const std::string fresh = world.workspace.path("fresh");
  BOOST_TEST_REQUIRE(compileLayout(world.layout, fresh, {"--quiet"}).exitCode == 0);
  std::vector<std::unique_ptr<isla::test::ToolProcess>> compiles;
  for (const std::string name : {"first", "second"}) {
    compiles.push_back(std::make_unique<isla::test::ToolProcess>(std::vector<std::string>{
        "run", "compile", world.layout, world.workspace.path(name), "--quiet", "--cache", world.cache, "--jobs", "1"}));
  }
  for (auto& compile : compiles) {
    const ToolRun run = compile->wait();
    BOOST_TEST(run.exitCode == 0, run.err);
    BOOST_TEST(run.err.empty(), run.err);
  }
  BOOST_TEST((fileTree(world.workspace.path("first")) == fileTree(fresh)));
  BOOST_TEST((fileTree(world.workspace.path("second")) == fileTree(fresh)));
  BOOST_TEST(world.keys().size() == 25u);
  BOOST_TEST(fs::is_empty(fs::path(world.cache) / "tmp"));
  BOOST_TEST(startsWith(world.compileBoth().out, summary(25)));
}

BOOST_AUTO_TEST_CASE(a_cache_that_cannot_be_written_to_leaves_a_whole_package) {
  CachedWorld world;
  world.compileBoth();  // makes the cache
  world.changeCornerSource();
  // Nothing can be made in its tmp/, where entries are written before
  // they are renamed in: as a full disk, the stores fail.
  const isla::test::LockedDirectory locked(fs::path(world.cache) / "tmp");
  if (!locked.locked()) {
    isla::test::cannotRun("a directory cannot be locked here (chattr is missing)");
    return;
  }
  const ToolRun run = world.compileBoth();
  BOOST_TEST(startsWith(run.out, summary(21)), run.out);
  // One warning for each of the four patches computed, and one for the
  // whole world: which, where, why in parentheses, and what follows.
  std::istringstream lines(run.err);
  std::set<std::string> patches;
  std::string line;
  for (int i = 0; i < 4 && std::getline(lines, line); ++i) {
    const std::string head = "warning: patch ", middle = " was not stored in the cache " + world.cache + " (",
                      tail = "); the package is whole, and the next compile computes it again [cache.not-stored]";
    const auto at = line.find(middle);
    BOOST_TEST_REQUIRE((startsWith(line, head) && at != std::string::npos && line.ends_with(tail)), line);
    patches.insert(line.substr(head.size(), at - head.size()));
  }
  BOOST_TEST(patches.size() == 4u, run.err);
  BOOST_TEST_REQUIRE(static_cast<bool>(std::getline(lines, line)));
  BOOST_TEST((startsWith(line, "warning: the whole world was not stored in the cache " + world.cache + " (") &&
              line.ends_with("); the package is whole, and the next compile places it from its patches "
                             "[cache.not-stored]")),
             line);
  BOOST_TEST(!static_cast<bool>(std::getline(lines, line)), line);
  BOOST_TEST(world.keys().size() == 25u);
}

BOOST_AUTO_TEST_CASE(the_cache_keeps_to_its_bound) {
  CachedWorld world;
  world.compileBoth();
  // The patches' entries alone (the whole world's links to their files, counted again, as if alone).
  world.forgetWholeWorlds();
  const ToolRun stats = isla::test::runTool({"cache", "stats", world.cache, "--json"});
  const auto bytes = boost::json::parse(stats.out).at("bytes").to_number<std::uint64_t>();
  // Half of it: about half of the entries, the least recently used, go,
  // and the new whole world's, larger than the bound.
  world.changeCornerSource();
  world.compileBoth({"--cache-max-bytes", std::to_string(bytes / 2)});
  const auto after = boost::json::parse(isla::test::runTool({"cache", "stats", world.cache, "--json"}).out);
  BOOST_TEST(after.at("bytes").to_number<std::uint64_t>() <= bytes / 2);
  BOOST_TEST(after.at("entries").to_number<std::uint64_t>() > 0u);
  BOOST_TEST(after.at("entries").to_number<std::uint64_t>() < 25u);
}

BOOST_AUTO_TEST_CASE(the_keys_are_the_shard_records) {
  for (const std::string exporter : {"terrain-world-v1", "3dtiles"}) {
    CachedWorld world;
    world.exporter = exporter;
    world.compileBoth();
    const std::string shards = world.workspace.path("shards");
    const ToolRun shard = isla::test::runTool({"run", "compile", world.layout, world.workspace.path("out"), "--quiet",
                                               "--exporter", exporter, "--shard", "0/1", "--shard-dir", shards});
    BOOST_TEST_REQUIRE(shard.exitCode == 0, shard.err);
    std::ifstream in(fs::path(shards) / "shard-0" / "shard-record.json");
    const auto record = boost::json::parse(std::string(std::istreambuf_iterator<char>(in), {}));
    std::vector<std::string> keys;
    for (const auto& patch : record.at("patches").as_array()) keys.emplace_back(patch.at("inputs_sha256").as_string());
    std::sort(keys.begin(), keys.end());
    BOOST_TEST(keys == world.keys(), boost::test_tools::per_element());
  }
}

// Biome images are coloured by the enum table (--enums): another table is
// another key for every patch, and another whole world.
BOOST_AUTO_TEST_CASE(another_enum_table_is_another_key) {
  CachedWorld world;
  world.exporter = "3dtiles";
  world.compileBoth();
  const fs::path enums = world.workspace.dir / "enums.json";
  fs::copy_file(isla::test::sharedKernel().enums().origin(), enums);
  std::string table = readText(enums);
  table.replace(table.find("\"Ocean\""), 7, "\"Sea\"");
  std::ofstream(enums, std::ios::binary | std::ios::trunc) << table;
  world.shared = {"--enums", enums.string()};
  const ToolRun other = world.compileBoth();
  BOOST_TEST(startsWith(other.out, summary(0)), other.out);
  BOOST_TEST(world.keys().size() == 50u);
}

// The keys of one patch differ by exporter: a Terrain World strip is made
// from the border lines facing it, 3D Tiles' from the sources whole.
BOOST_AUTO_TEST_CASE(exporters_share_a_cache_without_meeting) {
  CachedWorld world;
  world.compileBoth();
  world.exporter = "3dtiles";
  BOOST_TEST(startsWith(world.compileBoth().out, summary(0)));
  BOOST_TEST(world.keys().size() == 50u);
  world.exporter = "terrain-world-v1";
  BOOST_TEST(startsWith(world.compileBoth().out, summary(25)));
}

BOOST_AUTO_TEST_CASE(what_cannot_go_through_the_cache_is_refused) {
  CachedWorld world;
  const auto refused = [&](const std::vector<std::string>& extra) {
    std::vector<std::string> arguments{"--quiet", "--cache", world.cache};
    arguments.insert(arguments.end(), extra.begin(), extra.end());
    return compileLayout(world.layout, world.workspace.path("out"), arguments);
  };
  ToolRun run = refused({"--exporter", "png"});
  BOOST_TEST(run.exitCode == 2);
  BOOST_TEST(startsWith(run.err, "isla-tool run: exporter 'png' (plugin png) cannot use --cache: its output is not "
                                 "made patch by patch, each patch from its own inputs alone; compile without --cache\n"),
             run.err);
  run = refused({"--cache-max-bytes", "5G"});
  BOOST_TEST(run.exitCode == 2);
  BOOST_TEST(startsWith(run.err, "isla-tool run: --cache-max-bytes is '5G'; give a whole number of bytes, such as "
                                 "5368709120 (5 GiB, the default)\n"), run.err);
  run = refused({"--shard", "0/2", "--shard-dir", world.workspace.path("shards")});
  BOOST_TEST(run.exitCode == 2);
  BOOST_TEST(startsWith(run.err, "isla-tool run: --cache goes with a compile on one machine, not with --shard\n"),
             run.err);
  // Issue 57: a cache that is, or is inside, the output directory (which
  // must not exist), or that holds it, or an empty one, is refused before
  // any work: nothing made, neither the cache nor the output.
  const std::string out = world.workspace.path("out");
  for (const std::string& cache : {out, out + "/", out + "/cache", out + "/../out/cache", out + "/.."}) {
    BOOST_TEST_CONTEXT(cache) {
      const auto before = world.workspace.entries();
      run = compileLayout(world.layout, out, {"--quiet", "--cache", cache});
      BOOST_TEST(run.exitCode == 2);
      BOOST_TEST(startsWith(run.err, "isla-tool run: --cache '" + cache + "' and OUTDIR '" + out +
                                         "' are one inside the other; give --cache a directory apart from OUTDIR\n"),
                 run.err);
      BOOST_TEST(world.workspace.entries() == before, boost::test_tools::per_element());
    }
  }
  run = compileLayout(world.layout, out, {"--quiet", "--cache", ""});
  BOOST_TEST(run.exitCode == 2);
  BOOST_TEST(startsWith(run.err, "isla-tool run: --cache is empty; give the cache's directory\n"), run.err);
  BOOST_TEST(!fs::exists(out));
  // A directory that holds other things is never made a cache (nor trimmed).
  const fs::path mine = world.workspace.dir / "mine";
  fs::create_directory(mine);
  std::ofstream(mine / "notes.txt") << "mine";
  run = compileLayout(world.layout, world.workspace.path("out"), {"--quiet", "--cache", mine.string()});
  BOOST_TEST(run.exitCode == 1);
  BOOST_TEST(run.err == "isla-tool: error: '" + mine.string() +
                            "' holds files but is not an isla-tool cache (it has no CACHEDIR.TAG of isla-tool); give "
                            "a new or empty directory; nothing was written\n");
  BOOST_TEST(!fs::exists(world.workspace.path("out")));
  BOOST_TEST(isla::test::directoryEntries(mine) == std::vector<std::string>{"notes.txt"}, boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(export_takes_the_cache_too_and_refuses_it_for_exporters_that_write_whole_worlds) {
  Workspace workspace;
  const std::string blueprint = workspace.path(workspace.blueprint(5)), cache = workspace.path("cache");
  const auto exported = [&](const std::string& output, const std::vector<std::string>& extra) {
    std::vector<std::string> arguments{"export", blueprint, workspace.path(output), "--quiet"};
    arguments.insert(arguments.end(), extra.begin(), extra.end());
    return isla::test::runTool(arguments);
  };
  BOOST_TEST_REQUIRE(exported("fresh", {}).exitCode == 0);
  for (const std::string output : {"first", "second"}) {
    const ToolRun run = exported(output, {"--cache", cache});
    BOOST_TEST_REQUIRE(run.exitCode == 0, run.err);
    BOOST_TEST(startsWith(run.out, "exported " + blueprint + " (" + (output == "first" ? "0" : "1") +
                                       " of 1 patches from the cache) with "),
               run.out);
    BOOST_TEST((fileTree(workspace.path(output)) == fileTree(workspace.path("fresh"))));
  }
  // 3D Tiles shards, so it caches; glTF, OBJ and PNG write whole worlds.
  BOOST_TEST_REQUIRE(exported("tiles", {"--exporter", "3dtiles"}).exitCode == 0);
  for (const std::string output : {"tiles-first", "tiles-second"}) {
    const ToolRun run = exported(output, {"--cache", cache, "--exporter", "3dtiles"});
    BOOST_TEST_REQUIRE(run.exitCode == 0, run.err);
    BOOST_TEST(run.out.find("(" + std::string(output == "tiles-first" ? "0" : "1") + " of 1 patches from the cache)") !=
                   std::string::npos,
               run.out);
    BOOST_TEST((fileTree(workspace.path(output)) == fileTree(workspace.path("tiles"))));
  }
  for (const std::string exporter : {"gltf", "obj", "png"}) {
    const ToolRun run = exported("refused", {"--cache", cache, "--exporter", exporter});
    BOOST_TEST(run.exitCode == 2);
    BOOST_TEST(startsWith(run.err, "isla-tool export: exporter '" + exporter + "' (plugin " + exporter +
                                       ") cannot use --cache: its output is not made patch by patch, each patch from "
                                       "its own inputs alone; compile without --cache\n"),
               run.err);
  }
  const ToolRun package =
      isla::test::runTool({"export", workspace.path("fresh"), workspace.path("refused"), "--quiet", "--cache", cache});
  BOOST_TEST(package.exitCode == 2);
  BOOST_TEST(startsWith(package.err, "isla-tool export: --cache compiles from a layout or a blueprint, not from a "
                                     "package; export without --cache\n"),
             package.err);
  BOOST_TEST(!fs::exists(workspace.path("refused")));
}

BOOST_AUTO_TEST_CASE(a_source_seen_before_unchanged_is_not_hashed_again) {
  CachedWorld world;
  waitUntilSettled(world.workspace.dir.path());
  world.compileBoth();
  BOOST_TEST(records(world.cache, "sources").size() == 9u);
  // Every digest forged: the package's provenance shows that they were taken.
  const fs::path corner = world.workspace.dir / world.workspace.blueprint(1);
  const std::string real = isla::sha256OfFile(corner), forged(64, 'e');
  for (const fs::path& record : records(world.cache, "sources")) {
    const std::string text = readText(record);
    const std::size_t at = text.find("\nsha256 ") + 8;
    forge(record, text.substr(at, 64), forged);
  }
  ToolRun run = compileLayout(world.layout, world.workspace.path("forged"), {"--quiet", "--cache", world.cache});
  BOOST_TEST_REQUIRE(run.exitCode == 0, run.err);
  const std::string provenance = readText(fs::path(world.workspace.path("forged")) / "world.json");
  BOOST_TEST(provenance.find(forged) != std::string::npos);
  BOOST_TEST(provenance.find(real) == std::string::npos);
  // The corner source written again, the same bytes: another identity, hashed again.
  const std::string bytes = readText(corner);
  std::ofstream(corner, std::ios::binary | std::ios::trunc) << bytes;
  run = compileLayout(world.layout, world.workspace.path("touched"), {"--quiet", "--cache", world.cache});
  BOOST_TEST_REQUIRE(run.exitCode == 0, run.err);
  BOOST_TEST(readText(fs::path(world.workspace.path("touched")) / "world.json").find(real) != std::string::npos);
}

BOOST_AUTO_TEST_CASE(a_damaged_digest_record_is_said_removed_and_the_source_hashed_again) {
  CachedWorld world;
  waitUntilSettled(world.workspace.dir.path());
  world.compileBoth();
  const fs::path record = digestRecordOf(world.cache, world.workspace.dir / world.workspace.blueprint(1));
  damage(record);
  const ToolRun run = world.compileBoth();
  BOOST_TEST(startsWith(run.out, summary(25)), run.out);
  BOOST_TEST(run.err == "warning: the cache's digest record of source 's0' was damaged (its record " +
                            record.string() + " is damaged): it was removed, and the source hashed again "
                            "[cache.damaged]\n");
  // Remembered again, whole.
  BOOST_TEST(world.compileBoth().err.empty());
  BOOST_TEST(records(world.cache, "sources").size() == 9u);
}

BOOST_AUTO_TEST_CASE(bytes_validated_before_are_not_validated_again_and_a_damaged_record_is_said) {
  CachedWorld world;
  waitUntilSettled(world.workspace.dir.path());
  world.compileBoth();
  world.forgetWholeWorlds();  // which would say what was found without looking at the records
  const std::vector<fs::path> memos = records(world.cache, "validations");
  BOOST_TEST_REQUIRE(memos.size() == 9u);
  // Findings the validators never make, forged into every record: they are reported, so the records were taken.
  for (const fs::path& record : memos) {
    forge(record, "\n[]\n",
          "\n[{\"severity\":1,\"code\":\"test.remembered\",\"message\":\"remembered, not found\",\"file\":\"\","
          "\"tag\":null,\"offset\":null,\"pixel\":null,\"pointer\":\"\",\"origin\":\"test\"}]\n");
  }
  ToolRun run = compileLayout(world.layout, world.workspace.path("forged"), {"--quiet", "--cache", world.cache});
  BOOST_TEST_REQUIRE(run.exitCode == 0, run.err);
  std::string expected;
  for (int i = 0; i < 9; ++i) expected += "warning: remembered, not found [test.remembered]\n";
  BOOST_TEST(run.err == expected);

  for (const fs::path& record : memos) damage(record);
  world.forgetWholeWorlds();
  run = world.compileBoth();
  std::istringstream lines(run.err);
  std::set<std::string> sources;
  for (std::string line; std::getline(lines, line);) {
    const std::string head = "warning: the cache's validation record of source '",
                      tail = " is damaged): it was removed, and the source validated again [cache.damaged]";
    BOOST_TEST_REQUIRE((startsWith(line, head) && line.ends_with(tail)), line);
    const std::string id = line.substr(head.size(), line.find('\'', head.size()) - head.size());
    const fs::path record = line.substr(line.find("(its record ") + 12, line.size() - tail.size() -
                                                                            line.find("(its record ") - 12);
    BOOST_TEST((std::find(memos.begin(), memos.end(), record) != memos.end()), record);
    sources.insert(id);
  }
  BOOST_TEST(sources.size() == 9u, run.err);
  BOOST_TEST(world.compileBoth().err.empty());
}

// The lines of a record between its key and its seal.
std::string payloadOf(const fs::path& record) {
  const std::string text = readText(record);
  const std::size_t from = text.find('\n', text.find("\nkey ") + 1) + 1;
  return text.substr(from, text.rfind("sealed ") - from);
}

BOOST_AUTO_TEST_CASE(unchanged_sources_give_their_borders_and_water_from_the_cache) {
  CachedWorld world;
  world.compileBoth();
  const std::vector<fs::path> parts = records(world.cache, "parts");
  BOOST_TEST_REQUIRE(parts.size() == 18u);  // each source's borders and its water bodies' boxes
  // Every water boxes record forged to give the ocean one sample: the
  // world's water regions are the forged ones, so the records were taken.
  world.forgetWholeWorlds();
  std::vector<fs::path> borders;
  for (const fs::path& record : parts) {
    const std::string payload = payloadOf(record);
    if (!startsWith(payload, "1 ")) {  // the ocean's box comes first in a water boxes record
      borders.push_back(record);
      continue;
    }
    forge(record, payload.substr(0, payload.find('\n') + 1), "1 0 0 0 0\n");
  }
  BOOST_TEST_REQUIRE(borders.size() == 9u);
  const fs::path fresh = world.workspace.path("fresh-0"), forged = world.workspace.path("forged");
  ToolRun run = compileLayout(world.layout, forged.string(), {"--quiet", "--cache", world.cache});
  BOOST_TEST_REQUIRE(run.exitCode == 0, run.err);
  BOOST_TEST(readText(forged / "world.json") != readText(fresh / "world.json"));
  BOOST_TEST(readText(forged / "boundaries.json") == readText(fresh / "boundaries.json"));
  for (const fs::path& record : parts) fs::remove(record);

  // Sealed but not borders (a bug's record): made again, nothing to say.
  world.forgetWholeWorlds();
  BOOST_TEST(world.compileBoth().err.empty());
  forge(borders.front(), payloadOf(borders.front()), "not borders\n");
  world.forgetWholeWorlds();
  BOOST_TEST(world.compileBoth().err.empty());
  BOOST_TEST(payloadOf(borders.front()) != "not borders\n");

  // Damaged: said, removed, the source read again, the package the same.
  damage(borders.front());
  world.forgetWholeWorlds();
  run = world.compileBoth();
  const std::string head = "warning: the cache's borders record of source '",
                    tail = "' was damaged (its record " + borders.front().string() +
                           " is damaged): it was removed, and the source read again [cache.damaged]\n";
  BOOST_TEST((startsWith(run.err, head) && run.err.ends_with(tail) &&
              run.err.size() - head.size() - tail.size() == 2),  // a source's id: s0 .. s8
             run.err);
  world.forgetWholeWorlds();
  BOOST_TEST(world.compileBoth().err.empty());
  BOOST_TEST(records(world.cache, "parts").size() == 18u);
}

BOOST_AUTO_TEST_CASE(the_validators_findings_come_back_from_the_cache_as_they_were_found) {
  Workspace workspace;
  isla::test::SampleBlueprint sample = isla::test::makeSample();
  sample.towns.at(0).highwayNode = 2;  // scenery.highway-flag, with the TOWN tag
  const fs::path blueprint = workspace.dir / "flagged.dat";
  {
    const auto bytes = isla::test::encode(sample).v2();
    std::ofstream(blueprint, std::ios::binary).write(reinterpret_cast<const char*>(bytes.data()),
                                                     static_cast<std::streamsize>(bytes.size()));
  }
  waitUntilSettled(workspace.dir.path());
  const std::string cache = workspace.path("cache");
  const auto exported = [&](const std::string& output, const std::vector<std::string>& extra) {
    std::vector<std::string> arguments{"export", blueprint.string(), workspace.path(output)};
    arguments.insert(arguments.end(), extra.begin(), extra.end());
    const ToolRun run = isla::test::runTool(arguments);
    BOOST_TEST_REQUIRE(run.exitCode == 0, run.err);
    return run;
  };
  const ToolRun fresh = exported("fresh", {});
  BOOST_TEST(fresh.err.find("[scenery.highway-flag]") != std::string::npos, fresh.err);
  for (const std::string output : {"first", "second"}) {
    const ToolRun run = exported(output, {"--cache", cache});
    BOOST_TEST(run.err == fresh.err);
    BOOST_TEST((fileTree(workspace.path(output)) == fileTree(workspace.path("fresh"))));
  }
  BOOST_TEST(records(cache, "validations").size() == 1u);
  BOOST_TEST(readText(records(cache, "validations").front()).find("scenery.highway-flag") != std::string::npos);
}

BOOST_AUTO_TEST_SUITE_END()
