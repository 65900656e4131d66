// SPDX-License-Identifier: MIT
// Issue 26's reproductions on the real binary: numbers a layout, a bundle or
// the command line may hold are bounded before they size anything, heights a
// world cannot hold are refused at load, text from files is escaped, a run
// killed between reserving OUTDIR and publishing does not block the next,
// `plugins` names what it skips, and `validate` does not hash a terrain file
// far larger than its grid.
#include <boost/test/unit_test.hpp>

#include <signal.h>
#include <sys/stat.h>

#include <cstdlib>
#include <fstream>

#include "blueprint_builder.hpp"
#include "compile_workspace.hpp"
#include "mesh_checks.hpp"
#include "signal_at.hpp"
#include "text_files.hpp"

using namespace isla::test;
namespace fs = std::filesystem;

namespace {

std::string layoutJson(const std::string& blueprint, const std::string& extra, const std::string& cell = "") {
  return R"({"format": "terrain-world.layout", "schema_version": 1, "name": "w", )" + extra +
         R"("sources": [{"id": "a", "namespace": "na", "path": ")" + blueprint + R"(", "row": 0, "col": 0)" + cell +
         "}]}";
}

// A copy of `blueprint` with the HGTS value of pixel `index` set to `value`.
std::string withHeight(Workspace& ws, const std::string& blueprint, std::size_t index, float value) {
  auto bytes = readFile(ws.path(blueprint));
  const std::string text(reinterpret_cast<const char*>(bytes.data()), bytes.size());
  const auto tag = text.find("HGTS");
  BOOST_TEST_REQUIRE(tag != std::string::npos);
  patchF32(bytes, tag + 12 + 4 * index, value);  // u32 tag, u64 length, then the f32 heights
  const std::string name = "high-" + std::to_string(index) + ".dat";
  writeFile(ws.dir / name, bytes);
  return name;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(hostile_inputs)

BOOST_AUTO_TEST_CASE(hostile_layout_numbers_are_refused_naming_the_key_and_write_nothing) {
  Workspace ws;
  const std::string a = ws.blueprint(1);
  struct Case {
    std::string json, expected;
  };
  const std::vector<Case> cases{
      {layoutJson(a, R"("spacing_m": 1e400, )"),
       "at /spacing_m: the number 1e400 is beyond the range of a double (about 1.8e308); give a finite number"},
      {layoutJson(a, R"("spacing_m": 1e-300, )"), "at /spacing_m: expected a number >= 0.001, got 1e-300"},
      {layoutJson(a, R"("height_scale_m": 1e30, )"), "at /height_scale_m: expected a number <= 1e+06, got 1e+30"},
      {layoutJson(a, R"("gap_cells": 1e9, )"), "at /gap_cells: expected a number <= 1024, got 1e+09"},
      {layoutJson(a, R"("gap_cells": 4294967298, )"), "at /gap_cells: expected a number <= 1024"},
      {layoutJson(a, "", R"(, "row": 1)"), "at /sources/0/row: the key 'row' appears twice in one object"},
      {R"({"format": "terrain-world.layout", "schema_version": 1, "name": "w", "sources": [{"id": "a", )"
       R"("namespace": "na", "path": ")" + a + R"(", "row": 2147483647, "col": 0}]})",
       "at /sources/0/row: expected a number <= 255, got 2147483647"},
      {"{\"format\": \"terrain-world.layout\",\n \"name\" \"w\"}", "not valid JSON at line 2, column 9 (byte 43)"},
  };
  for (const auto& c : cases) {
    BOOST_TEST_CONTEXT(c.json) {
      const auto layout = ws.writeLayout("layout.json", c.json);
      const auto before = ws.entries();
      const auto run = compileLayout(layout, ws.path("world"), {"--quiet"});
      BOOST_TEST(run.exitCode == 1, run.err);
      BOOST_TEST(contains(run.err, layout + ": error: " + c.expected), run.err);
      BOOST_TEST(contains(run.err, "the layout has errors; nothing was written"), run.err);
      BOOST_TEST(ws.entries() == before, boost::test_tools::per_element());
    }
  }
}

BOOST_AUTO_TEST_CASE(a_bad_thread_count_is_a_usage_error_naming_the_range) {
  Workspace ws;
  const auto layout = ws.layout("layout.json", 1, 1);
  const std::string blueprint = ws.path(ws.blueprint(1));
  for (const std::string count : {"-1", "0", "257", "100000", "4294967297", "two", "1.5", ""}) {
    BOOST_TEST_CONTEXT("--jobs '" << count << "'") {
      const std::vector<std::vector<std::string>> commands{
          {"run", "compile", layout, ws.path("world"), "--quiet", "--jobs", count},
          {"export", blueprint, ws.path("exported"), "--quiet", "--jobs", count},
          {"synth", "--seed", "1", "--size", "256", "--out", ws.path("s.dat"), "--threads", count}};
      for (const auto& command : commands) {
        const auto run = runTool(command);
        BOOST_TEST(run.exitCode == 2, run.err);
        const std::string option = command[0] == "synth" ? "--threads" : "--jobs";
        BOOST_TEST(contains(run.err, option + " is '" + count + "'; give a whole number of threads from 1 to 256, "
                                     "or leave it out to use every core"), run.err);
      }
      BOOST_TEST(!fs::exists(ws.path("world")));
      BOOST_TEST(!fs::exists(ws.path("exported")));
      BOOST_TEST(!fs::exists(ws.path("s.dat")));
    }
  }
  BOOST_TEST(compileLayout(layout, ws.path("world"), {"--quiet", "--jobs", "256"}).exitCode == 0);
}

BOOST_AUTO_TEST_CASE(heights_a_world_cannot_hold_are_refused_at_load_by_compile_and_validate) {
  Workspace ws;
  const std::string base = ws.blueprint(1);
  for (const float value : {1e30f, 1e38f, -4e6f}) {
    BOOST_TEST_CONTEXT("HGTS value " << value) {
      const std::string high = withHeight(ws, base, 9, value);  // pixel (0, 9), on the west edge
      const auto layout = ws.writeLayout("layout.json", layoutJson(high, kSettings));
      const auto run = compileLayout(layout, ws.path("world"), {"--quiet"});
      BOOST_TEST(run.exitCode == 1, run.err);
      BOOST_TEST(contains(run.err, ws.path(high) + ": error: HGTS pixel (0, 9): 1 heights lie beyond +-1e+09 m, "
                                                   "which a world cannot hold"), run.err);
      BOOST_TEST(contains(run.err, "[terrain.height-overflow]"), run.err);
      BOOST_TEST(contains(run.err, "at /sources/0: source 'a' (" + ws.path(high) + ") is not a valid blueprint"));
      BOOST_TEST(!fs::exists(ws.path("world")));
      const auto validate = runTool({"validate", ws.path(high)});
      BOOST_TEST(validate.exitCode == 1, validate.out + validate.err);
      BOOST_TEST(contains(validate.err, "HGTS pixel (0, 9): 1 heights lie beyond"), validate.err);
    }
  }
}

// The ranges follow from what a package holds: at their limits a world still
// compiles and passes the compile's own check of its output.
BOOST_AUTO_TEST_CASE(a_world_at_the_limits_compiles_and_passes_its_own_check) {
  Workspace ws;
  const std::string high = withHeight(ws, ws.blueprint(1), 9, 999.0f);  // 999 x 1e6 m: just inside 1e9 m
  const auto layout = ws.writeLayout(
      "layout.json", R"({"format": "terrain-world.layout", "schema_version": 1, "name": ")" + std::string(256, 'n') +
                         R"(", "spacing_m": 1000, "height_scale_m": 1000000, "gap_cells": 1024, "slope_warning_deg": 89.99,
                         "sources": [{"id": "a", "namespace": "na", "path": ")" + high +
                         R"(", "row": 0, "col": 0}, {"id": "b", "namespace": "nb", "path": ")" + ws.blueprint(2) +
                         R"(", "row": 0, "col": 1}]})");
  const auto run = compileLayout(layout, ws.path("world"), {"--quiet"});
  BOOST_TEST(run.exitCode == 0, run.err);
  BOOST_TEST(runTool({"validate", ws.path("world")}).exitCode == 0);
  const auto small = ws.writeLayout("small.json", layoutJson(ws.blueprint(1), R"("spacing_m": 0.001, )"));
  const auto smallRun = compileLayout(small, ws.path("small-world"), {"--quiet"});
  BOOST_TEST(smallRun.exitCode == 0, smallRun.err);
}

BOOST_AUTO_TEST_CASE(text_from_files_reaches_the_terminal_escaped) {
  Workspace ws;
  const auto layout = ws.writeLayout("layout.json", layoutJson("evil\\u001b[2J\\n\\u0085.dat", ""));
  const auto run = compileLayout(layout, ws.path("world"), {"--quiet"});
  BOOST_TEST(run.exitCode == 1);
  BOOST_TEST(!contains(run.err, "\x1b"), run.err);
  BOOST_TEST(!contains(run.err, "\xc2\x85"), run.err);
  BOOST_TEST(contains(run.err, "evil\\x1b[2J\\n\\u0085.dat"), run.err);
}

BOOST_AUTO_TEST_CASE(a_run_killed_between_reservation_and_rename_does_not_block_the_next,
                     *boost::unit_test::precondition(straceOrCi)) {
  Workspace ws;
  const auto layout = ws.layout("layout.json", 1, 1);
  const std::string command = "strace -f -o /dev/null -e inject=rename:signal=SIGKILL '" +
                              toolPath().string() + "' run compile '" + layout + "' '" + ws.path("world") +
                              "' --quiet >/dev/null 2>&1";
  const int killed = std::system(command.c_str());
  BOOST_TEST(killed != 0);
  BOOST_TEST_REQUIRE(fs::is_directory(ws.path("world")));
  BOOST_TEST(fs::is_empty(ws.path("world")));
  std::size_t stages = 0, records = 0;
  for (const auto& entry : fs::directory_iterator(ws.dir.path())) {
    const auto name = entry.path().filename().string();
    stages += name.starts_with(".world.isla-stage-") && entry.is_directory();
    records += name.starts_with(".world.isla-stage-") && name.ends_with(".reserved");
  }
  BOOST_TEST(stages == 1u);
  BOOST_TEST(records == 1u);

  // A directory the user made is never taken for a reservation.
  fs::create_directory(ws.path("mine"));
  const auto refused = compileLayout(layout, ws.path("mine"), {"--quiet"});
  BOOST_TEST(refused.exitCode == 1);
  BOOST_TEST(contains(refused.err, "'" + ws.path("mine") + "' already exists"), refused.err);

  const auto next = compileLayout(layout, ws.path("world"), {"--quiet"});
  BOOST_TEST(next.exitCode == 0, next.err);
  BOOST_TEST(fs::exists(ws.path("world") + "/world.json"));
  for (const auto& entry : fs::directory_iterator(ws.dir.path())) {
    BOOST_TEST(!entry.path().filename().string().starts_with(".world.isla-stage-"), entry.path());
  }
}

BOOST_AUTO_TEST_CASE(plugins_names_every_entry_it_skips_and_why) {
  TempDir dir;
  BOOST_REQUIRE(mkfifo((dir / "fifo.so").c_str(), 0600) == 0);
  fs::create_directory(dir / "folder.so");
  fs::create_symlink(dir / "nowhere", dir / "dangling.so");
  const auto run = runTool({"plugins", "--plugin-dir", dir.path().string()});
  BOOST_TEST(run.exitCode == 0, run.err);
  BOOST_TEST(contains(run.out, (dir / "dangling.so").string() +
                                   "  skipped: not loaded: a symbolic link to nothing (a dangling link)"), run.out);
  BOOST_TEST(contains(run.out, (dir / "fifo.so").string() + "  skipped: not loaded: a FIFO (named pipe), not a file"),
             run.out);
  BOOST_TEST(contains(run.out, (dir / "folder.so").string() + "  skipped: not loaded: a directory, not a file"),
             run.out);
}

BOOST_AUTO_TEST_CASE(validate_refuses_a_huge_terrain_file_without_opening_it,
                     *boost::unit_test::precondition(straceOrCi)) {
  Workspace ws;
  const auto layout = ws.layout("layout.json", 1, 1);
  BOOST_TEST_REQUIRE(compileLayout(layout, ws.path("world"), {"--quiet"}).exitCode == 0);
  fs::path terrain;
  for (const auto& entry : fs::recursive_directory_iterator(ws.path("world"))) {
    if (entry.path().parent_path().filename() == "terrain") terrain = entry.path();
  }
  BOOST_TEST_REQUIRE(!terrain.empty());
  fs::resize_file(terrain, std::uintmax_t{20} << 30);  // sparse: no disk is used
  // Killed if it opens the file at all (to hash or read it).
  const auto run = runToolSignalledAt({SIGKILL, "openat", fs::absolute(terrain)}, {"validate", ws.path("world")});
  BOOST_TEST(run.exitCode == 1);
  BOOST_TEST(contains(run.err, "is 21474836480 bytes, more than the"), run.err);
  BOOST_TEST(contains(run.err, "it was neither hashed nor read: recompile the package [world.terrain-too-large]"),
             run.err);
}

BOOST_AUTO_TEST_SUITE_END()
