// SPDX-License-Identifier: MIT
// Issue 57: a source cut short while isla-tool reads it through its
// mapping (which ends a process with SIGBUS unless it is handled) is an
// error naming the file, exit 1, nothing published and no stage left, in
// every job that reads sources mapped and in `validate`. The cut comes at
// an exact point, the moment the tool maps the file (truncate_on_map.hpp).
#include <boost/test/unit_test.hpp>

#include <filesystem>
#include <map>
#include <string>

#include "compile_workspace.hpp"
#include "truncate_on_map.hpp"

using namespace isla::test;
namespace fs = std::filesystem;

namespace {

bool contains(const std::string& text, std::string_view part) { return text.find(part) != std::string::npos; }

// What the cache keeps that a failed job may not add to: every file but the
// digest records of the other sources (sources/), which a run writes of any
// source that has settled since the last (a slow run, as a sanitize build's,
// sees more of them settled); the cut source's record is kept.
std::map<std::string, std::string> keptOf(std::map<std::string, std::string> tree, const fs::path& cut) {
  std::erase_if(tree, [&](const auto& file) {
    return file.first.starts_with("sources/") && !contains(file.second, "path " + cut.string() + "\n");
  });
  return tree;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(changing_sources)

BOOST_AUTO_TEST_CASE(a_source_cut_short_while_mapped_fails_the_job_naming_it) {
  Workspace ws;
  const std::string layout = ws.layout("layout.json", 2, 2);
  const fs::path cut = ws.dir / "b4-256.dat";  // s3, the south-east source
  const fs::path whole = ws.dir / "whole.dat";
  fs::copy_file(cut, whole);
  // The cache and the shards' directory made first: what a failed job may not change is in them.
  BOOST_TEST_REQUIRE(compileLayout(layout, ws.path("first"), {"--quiet", "--cache", ws.path("cache")}).exitCode == 0);
  fs::create_directory(ws.dir / "shards");
  struct Case {
    std::string what;
    std::vector<std::string> arguments;
    std::string output;  // what must not appear
  };
  const std::vector<Case> cases{
      {"run compile", {"run", "compile", layout, ws.path("world"), "--quiet"}, ws.path("world")},
      {"run compile --cache",
       {"run", "compile", layout, ws.path("world"), "--quiet", "--cache", ws.path("cache")},
       ws.path("world")},
      {"run compile --shard",
       {"run", "compile", layout, "unused", "--quiet", "--shard", "3/4", "--shard-dir", ws.path("shards")},
       ws.path("shards/shard-3")},
      {"validate", {"validate", cut.string()}, ""},
  };
  for (const Case& c : cases) {
    BOOST_TEST_CONTEXT(c.what) {
      fs::copy_file(whole, cut, fs::copy_options::overwrite_existing);
      const auto before = ws.entries();
      const auto cached = keptOf(fileTree(ws.dir / "cache"), cut);
      const ToolRun run = runTool(c.arguments, truncatedWhenMapped(cut, 4096));
      BOOST_TEST(run.exitCode == 1, "exit " << run.exitCode << ": " << run.err);
      BOOST_TEST(fs::file_size(cut) == 4096u, "the shim did not cut the source");
      BOOST_TEST(contains(run.err, cut.string() + ": error: '" + cut.string() +
                                       "' changed while being read (it was cut short as it was read); what was read "
                                       "from it cannot be trusted: run again once it is saved whole [io.changed]\n"),
                 run.err);
      if (!c.output.empty()) BOOST_TEST(!fs::exists(c.output));
      BOOST_TEST(ws.entries() == before, boost::test_tools::per_element());
      BOOST_TEST((keptOf(fileTree(ws.dir / "cache"), cut) == cached), "the cache changed");
    }
  }
}

BOOST_AUTO_TEST_SUITE_END()
