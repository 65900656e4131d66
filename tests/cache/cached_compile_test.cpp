// SPDX-License-Identifier: MIT
// run compile --cache (issue 38): the package is a fresh compile's, byte for
// byte, whatever the cache held; a patch is computed again only when what
// it is made from changed, or when its entry is damaged (said, and
// replaced); compiles sharing a cache at once, a cache that cannot be
// written to and the bound all leave a whole package; the keys are the
// shard records'.
#include <boost/json/parse.hpp>
#include <boost/test/unit_test.hpp>

#include <fstream>
#include <set>
#include <sstream>

#include "compile_workspace.hpp"
#include "file_tree.hpp"
#include "isla/publish/sha256.hpp"
#include "skips.hpp"
#include "tool_runner.hpp"

namespace fs = std::filesystem;
using isla::test::compileLayout;
using isla::test::fileTree;
using isla::test::ToolRun;
using isla::test::Workspace;

namespace {

// A 3 x 3 layout: 25 patches, of which the corner source s0 makes 4 (its
// own, the strips east and south of it, the corner between them).
struct CachedWorld {
  Workspace workspace;
  std::string layout = workspace.layout("layout.json", 3, 3);
  std::string cache = workspace.path("cache");
  int runs = 0;

  // A fresh compile and one through the cache, which must be the same bytes;
  // returns the cached run.
  ToolRun compileBoth(const std::vector<std::string>& extra = {}) {
    const std::string fresh = workspace.path("fresh-" + std::to_string(runs));
    const std::string cached = workspace.path("cached-" + std::to_string(runs++));
    const ToolRun plain = compileLayout(layout, fresh, {"--quiet"});
    BOOST_TEST_REQUIRE(plain.exitCode == 0, plain.err);
    std::vector<std::string> arguments{"--quiet", "--cache", cache};
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

  // Every entry's key, sorted.
  std::vector<std::string> keys() const {
    std::vector<std::string> found;
    for (const auto& shelf : fs::directory_iterator(fs::path(cache) / "entries")) {
      for (const auto& entry : fs::directory_iterator(shelf.path())) found.push_back(entry.path().filename().string());
    }
    std::sort(found.begin(), found.end());
    return found;
  }
};

std::string summary(int fromCache) {
  return "compiled 9 sources into 25 patches (" + std::to_string(fromCache) + " from the cache) and 40 shared edges";
}

bool startsWith(const std::string& text, const std::string& start) { return text.rfind(start, 0) == 0; }

}  // namespace

BOOST_AUTO_TEST_SUITE(cached_compile)

BOOST_AUTO_TEST_CASE(the_package_is_a_fresh_compiles_and_only_what_changed_is_computed) {
  CachedWorld world;
  const ToolRun first = world.compileBoth();
  BOOST_TEST(startsWith(first.out, summary(0)), first.out);
  BOOST_TEST(world.keys().size() == 25u);
  // Nothing changed: every patch from the cache.
  BOOST_TEST(startsWith(world.compileBoth().out, summary(25)));
  // One corner source changed: its patch, its two strips and their corner computed again.
  world.changeCornerSource();
  const ToolRun changed = world.compileBoth();
  BOOST_TEST(startsWith(changed.out, summary(21)), changed.out);
  BOOST_TEST(changed.err.empty(), changed.err);
  BOOST_TEST(world.keys().size() == 29u);
}

BOOST_AUTO_TEST_CASE(a_damaged_entry_is_said_removed_and_computed_again) {
  CachedWorld world;
  world.compileBoth();
  // A byte of p-0-2's terrain flipped in the cache (and so in the package
  // whose file is a link to it: a package edited in place does the same).
  const fs::path cached = world.workspace.dir / "cached-0" / "terrain" / "p-0-2.json";
  std::string text;
  {
    std::ifstream in(cached, std::ios::binary);
    text.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  }
  const std::string listed = isla::sha256OfFile(cached);
  const std::size_t digit = text.find_last_of("0123456789");
  text[digit] = text[digit] == '1' ? '2' : '1';
  std::ofstream(cached, std::ios::binary | std::ios::in | std::ios::out) << text;
  const ToolRun run = world.compileBoth();
  BOOST_TEST(startsWith(run.out, summary(24)), run.out);
  BOOST_TEST(run.err == "warning: the cache's entry of patch p-0-2 was damaged (terrain/p-0-2.json has SHA-256 " +
                            isla::sha256Hex(std::as_bytes(std::span(text))) + ", its list says " + listed +
                            "): it was removed, and the patch computed again [cache.damaged]\n");
  // Stored again, whole.
  BOOST_TEST(startsWith(world.compileBoth().out, summary(25)));
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
  // One warning for each of the four patches computed: which, where, why in parentheses, and what follows.
  std::istringstream lines(run.err);
  std::set<std::string> patches;
  for (std::string line; std::getline(lines, line);) {
    const std::string head = "warning: patch ", middle = " was not stored in the cache " + world.cache + " (",
                      tail = "); the package is whole, and the next compile computes it again [cache.not-stored]";
    const auto at = line.find(middle);
    BOOST_TEST_REQUIRE((startsWith(line, head) && at != std::string::npos && line.ends_with(tail)), line);
    patches.insert(line.substr(head.size(), at - head.size()));
  }
  BOOST_TEST(patches.size() == 4u, run.err);
  BOOST_TEST(world.keys().size() == 25u);
}

BOOST_AUTO_TEST_CASE(the_cache_keeps_to_its_bound) {
  CachedWorld world;
  world.compileBoth();
  const ToolRun stats = isla::test::runTool({"cache", "stats", world.cache, "--json"});
  const auto bytes = boost::json::parse(stats.out).at("bytes").to_number<std::uint64_t>();
  // Half of it: about half of the entries, the least recently used, go.
  world.changeCornerSource();
  world.compileBoth({"--cache-max-bytes", std::to_string(bytes / 2)});
  const auto after = boost::json::parse(isla::test::runTool({"cache", "stats", world.cache, "--json"}).out);
  BOOST_TEST(after.at("bytes").to_number<std::uint64_t>() <= bytes / 2);
  BOOST_TEST(after.at("entries").to_number<std::uint64_t>() > 0u);
  BOOST_TEST(after.at("entries").to_number<std::uint64_t>() < 25u);
}

BOOST_AUTO_TEST_CASE(the_keys_are_the_shard_records) {
  CachedWorld world;
  world.compileBoth();
  const ToolRun shard = isla::test::runTool({"run", "compile", world.layout, world.workspace.path("out"), "--quiet",
                                             "--shard", "0/1", "--shard-dir", world.workspace.path("shards")});
  BOOST_TEST_REQUIRE(shard.exitCode == 0, shard.err);
  std::ifstream in(fs::path(world.workspace.path("shards")) / "shard-0" / "shard-record.json");
  const auto record = boost::json::parse(std::string(std::istreambuf_iterator<char>(in), {}));
  std::vector<std::string> keys;
  for (const auto& patch : record.at("patches").as_array()) keys.emplace_back(patch.at("inputs_sha256").as_string());
  std::sort(keys.begin(), keys.end());
  BOOST_TEST(keys == world.keys(), boost::test_tools::per_element());
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
  // A directory that holds other things is never made a cache (nor trimmed).
  std::ofstream(world.workspace.dir / "notes.txt") << "mine";
  run = compileLayout(world.layout, world.workspace.path("out"), {"--quiet", "--cache", world.workspace.dir.path()});
  BOOST_TEST(run.exitCode == 1);
  BOOST_TEST(run.err == "isla-tool: error: '" + world.workspace.dir.path().string() +
                            "' holds files but is not an isla-tool cache (it has no CACHEDIR.TAG of isla-tool); give "
                            "a new or empty directory to --cache; nothing was written\n");
  BOOST_TEST(!fs::exists(world.workspace.path("out")));
}

BOOST_AUTO_TEST_CASE(export_takes_the_cache_too_and_refuses_it_for_exporters_whose_patches_do_not_stand_alone) {
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
  // 3D Tiles merges the patches' meshes into tiles across them; the rest write whole worlds.
  for (const std::string exporter : {"3dtiles", "gltf"}) {
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

BOOST_AUTO_TEST_SUITE_END()
