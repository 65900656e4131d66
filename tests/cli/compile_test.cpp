// SPDX-License-Identifier: MIT
// `isla-tool run compile` as a user drives it: every layout shape compiles
// and validates, the bytes are a function of the inputs alone, bad inputs
// fail with their file and JSON pointer, and no failure or limit leaves an
// output or a stage behind (signals: interruption_test.cpp).
#include <boost/json/parse.hpp>
#include <boost/test/unit_test.hpp>

#include <locale.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <fstream>

#include "compile_workspace.hpp"
#include "file_tree.hpp"
#include "sample_blueprint.hpp"
#include "skips.hpp"
#include "text_files.hpp"
#include "tool_runner.hpp"

using namespace isla::test;
namespace fs = std::filesystem;

namespace {

struct Shape {
  int rows, cols;
  std::size_t patches, edges;
};

const std::vector<Shape> kShapes{{1, 1, 1, 0}, {2, 1, 3, 2}, {1, 2, 3, 2}, {2, 2, 9, 12}, {3, 2, 15, 22}};

}  // namespace

BOOST_AUTO_TEST_SUITE(compile)

BOOST_AUTO_TEST_CASE(run_lists_the_jobs_and_refuses_an_unknown_one) {
  const auto list = runTool({"run"});
  BOOST_TEST(list.exitCode == 0);
  BOOST_TEST(contains(list.out, "Jobs:\n  compile  "));
  const auto unknown = runTool({"run", "bake"});
  BOOST_TEST(unknown.exitCode == 2);
  BOOST_TEST(contains(unknown.err, "no job named 'bake'; jobs: compile"));
  const auto half = runTool({"run", "compile", "layout.json"});
  BOOST_TEST(half.exitCode == 2);
  BOOST_TEST(contains(half.err, "give LAYOUT.json and OUTDIR, or neither for the example"));
  // The usage a wrong call prints is every job's synopsis, as `run` lists them: one table.
  const std::string usage = "Usage: isla-tool run compile [LAYOUT.json OUTDIR] ";
  BOOST_TEST(contains(half.err, usage), half.err);
  BOOST_TEST(contains(half.err, "[--cache DIR [--cache-max-bytes N] | --shard K/N|auto [--shard-count N] --shard-dir DIR]"),
             half.err);
  BOOST_TEST(contains(half.err, "\n   or: isla-tool run assemble LAYOUT.json OUTDIR --shard-dir DIR "), half.err);
  BOOST_TEST(contains(list.out, usage), list.out);
  BOOST_TEST(contains(runTool({"run", "--help"}).out, usage));
}

void checkShape(const Shape& shape) {
  Workspace ws;
  const auto layout = ws.layout("layout.json", shape.rows, shape.cols);
  const auto run = compileLayout(layout, ws.path("world"), {"--quiet"});
  BOOST_REQUIRE_MESSAGE(run.exitCode == 0, run.err);
  const std::string summary = "compiled " + std::to_string(shape.rows * shape.cols) + " source" +
                              (shape.rows * shape.cols == 1 ? "" : "s") + " into " + std::to_string(shape.patches) +
                              (shape.patches == 1 ? " patch" : " patches") + " and " + std::to_string(shape.edges) +
                              " shared edge" + (shape.edges == 1 ? "" : "s");
  BOOST_TEST(contains(run.out, summary), run.out);
  BOOST_TEST(run.err.empty(), run.err);
  const auto files = fileTree(ws.path("world"));
  BOOST_TEST(files.size() == 3 + shape.patches + static_cast<std::size_t>(shape.rows * shape.cols));
  BOOST_TEST(files.contains("world.json"));
  BOOST_TEST(files.contains("terrain/p-0-0.json"));
  BOOST_TEST(files.contains("scenery/s0.json"));
  const auto check = runTool({"validate", ws.path("world")});
  BOOST_TEST(check.exitCode == 0, check.err);
}

BOOST_AUTO_TEST_CASE(every_layout_shape_compiles_and_validates) {
  // (A loop, not a data test case: GCC 12 warns inside Boost's xrange under
  // the sanitizers.)
  for (const Shape& shape : kShapes) {
    BOOST_TEST_CONTEXT(shape.rows << " x " << shape.cols) { checkShape(shape); }
  }
}

// The locale of the determinism leg: decimal comma and '.' grouping, so a
// number the tool formatted through the environment's locale would differ.
constexpr const char* kCommaLocale = "de_DE.UTF-8";

bool localeInstalled(const char* name) {
  const locale_t locale = newlocale(LC_ALL_MASK, name, nullptr);
  if (locale) freelocale(locale);
  return locale != nullptr;
}

BOOST_AUTO_TEST_CASE(the_bytes_depend_on_the_inputs_alone) {
  if (!localeInstalled(kCommaLocale)) {
    cannotRun(std::string("the locale ") + kCommaLocale + " is not installed (scripts/install-deps generates it)");
    return;
  }
  Workspace ws;
  const auto layout = ws.layout("layout.json", 2, 2);
  const auto shuffled = ws.layout("shuffled.json", 2, 2, {3, 1, 0, 2});
  BOOST_REQUIRE(compileLayout(layout, ws.path("a"), {"--quiet", "--jobs", "2"}).exitCode == 0);
  BOOST_REQUIRE(compileLayout(layout, ws.path("b"), {"--quiet", "--jobs", "2"}).exitCode == 0);
  BOOST_REQUIRE(compileLayout(shuffled, ws.path("another-name"), {"--quiet", "--jobs", "1"},
                        {{"LC_ALL", kCommaLocale}, {"TZ", "Asia/Tokyo"}})
                    .exitCode == 0);
  const auto a = fileTree(ws.path("a"));
  BOOST_TEST(a.size() == 3u + 9u + 4u);
  BOOST_TEST((fileTree(ws.path("b")) == a));
  BOOST_TEST((fileTree(ws.path("another-name")) == a));
  const std::string& world = a.at("world.json");
  BOOST_TEST(!contains(world, ws.dir.path().string()));
}

BOOST_AUTO_TEST_CASE(progress_is_gdal_ticks_when_stderr_is_not_a_terminal) {
  Workspace ws;
  const auto layout = ws.layout("layout.json", 1, 1);
  const auto run = compileLayout(layout, ws.path("world"));
  BOOST_REQUIRE(run.exitCode == 0);
  BOOST_TEST(run.err == "0...10...20...30...40...50...60...70...80...90...100 - done.\n");
}

BOOST_AUTO_TEST_CASE(a_legacy_v1_source_compiles_with_its_deprecation_warning) {
  Workspace ws;
  const auto layout = ws.writeLayout(
      "layout.json", R"({"format": "terrain-world.layout", "schema_version": 1, "name": "old", "slope_warning_deg": 89.99,
        "sources": [{"id": "old", "namespace": "old", "path": ")" +
                         ws.blueprint(7, 256, {"--v1"}) + R"(", "row": 0, "col": 0}]})");
  const auto run = compileLayout(layout, ws.path("world"), {"--quiet"});
  BOOST_REQUIRE_MESSAGE(run.exitCode == 0, run.err);
  BOOST_TEST(contains(run.err, "warning: legacy v1 blueprint"));
  BOOST_TEST(contains(run.out, "1 warning"));
  const auto report = fileTree(ws.path("world")).at("compilation-report.json");
  BOOST_TEST(contains(report, R"("code": "container.legacy-v1")"));
}

struct BadLayout {
  std::string json;
  std::string expected;  // a part of stderr
};

BOOST_AUTO_TEST_CASE(a_road_of_one_point_is_warned_about_and_left_out_of_the_scenery) {
  Workspace workspace;
  SampleBlueprint sample = makeSample();
  const std::size_t degenerate = sample.roads[0].size();
  sample.roads[0].push_back({{40.0f, 60.0f}});  // a highway of one point: it draws nothing
  const fs::path blueprint = workspace.dir / "one-point.dat";
  const auto bytes = encode(sample).v2();
  std::ofstream(blueprint, std::ios::binary).write(reinterpret_cast<const char*>(bytes.data()),
                                                   static_cast<std::streamsize>(bytes.size()));
  const auto run = runTool({"export", blueprint.string(), workspace.path("out")});
  BOOST_TEST_REQUIRE(run.exitCode == 0, run.err);
  BOOST_TEST(contains(run.err, "path " + std::to_string(degenerate) + " has 1 point; a road path needs at least two "
                               "points to be drawn, so it shows nothing [scenery.degenerate-path]"),
             run.err);
  std::ifstream in(fs::path(workspace.path("out")) / "scenery" / "one-point.json");
  const std::string scenery{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  BOOST_TEST(contains(scenery, "road-highway-0\""), scenery);
  BOOST_TEST(!contains(scenery, "road-highway-" + std::to_string(degenerate) + "\""), scenery);
  BOOST_TEST(runTool({"validate", workspace.path("out")}).exitCode == 0);
}

BOOST_AUTO_TEST_CASE(layout_errors_name_the_file_and_pointer_and_write_nothing) {
  Workspace ws;
  const std::string a = ws.blueprint(1), big = ws.blueprint(2, 512);
  auto source = [](const std::string& id, const std::string& path, int row, int col) {
    return R"({"id": ")" + id + R"(", "namespace": ")" + id + R"(", "path": ")" + path + R"(", "row": )" +
           std::to_string(row) + R"(, "col": )" + std::to_string(col) + "}";
  };
  auto with = [](const std::string& sources, const std::string& extra = "") {
    return R"({"format": "terrain-world.layout", "schema_version": 1, "name": "w", )" + extra +
           R"("sources": [)" + sources + "]}";
  };
  const std::vector<BadLayout> cases{
      {with(source("a", a, 0, 0), R"("gap_cells": "wide", )"), "layout.json: error: at /gap_cells: "},
      {with(source("a", a, 0, 0) + "," + source("b", a, 1, 1)), "leave (row 0, col 1), (row 1, col 0) empty"},
      {with(source("a", a, 0, 0) + "," + source("a", a, 0, 1)), "at /sources/1: id 'a' is used by 2 sources"},
      {with(source("a", "missing.dat", 0, 0)), "at /sources/0/path: source 'a': "},
      {with(source("a", a, 0, 0) + "," + source("b", big, 0, 1)), "the sources of one world need one MapSize"},
  };
  for (const auto& c : cases) {
    BOOST_TEST_CONTEXT(c.json) {
      const auto layout = ws.writeLayout("layout.json", c.json);
      const auto before = ws.entries();
      const auto run = compileLayout(layout, ws.path("world"), {"--quiet"});
      BOOST_TEST(run.exitCode == 1);
      BOOST_TEST(contains(run.err, c.expected), run.err);
      BOOST_TEST(contains(run.err, "nothing was written"), run.err);
      BOOST_TEST(ws.entries() == before, boost::test_tools::per_element());
    }
  }
}

BOOST_AUTO_TEST_CASE(an_invalid_source_halfway_stops_the_compile_with_its_problems) {
  Workspace ws;
  const auto layout = ws.layout("layout.json", 1, 2);
  // The second source's heights end early: a truncated file.
  const auto second = fs::path(ws.path(ws.blueprint(2)));
  fs::resize_file(second, fs::file_size(second) / 2);
  const auto before = ws.entries();
  const auto run = compileLayout(layout, ws.path("world"), {"--quiet"});
  BOOST_TEST(run.exitCode == 1);
  BOOST_TEST(contains(run.err, second.string() + ": error: "), run.err);
  BOOST_TEST(contains(run.err, "at /sources/1: source 's1' (" + second.string() + ") is not a valid blueprint"));
  BOOST_TEST(ws.entries() == before, boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(an_existing_output_is_refused_before_any_work) {
  Workspace ws;
  const auto layout = ws.layout("layout.json", 1, 1);
  fs::create_directory(ws.path("world"));
  std::ofstream(ws.path("world") + "/keep.txt") << "mine";
  const auto run = compileLayout(layout, ws.path("world"), {"--quiet"});
  BOOST_TEST(run.exitCode == 1);
  BOOST_TEST(contains(run.err, "'" + ws.path("world") + "' already exists; choose another output directory"));
  BOOST_TEST(fileTree(ws.path("world")).size() == 1u);
  const auto noParent = compileLayout(layout, ws.path("no/such/world"), {"--quiet"});
  BOOST_TEST(noParent.exitCode == 1);
  BOOST_TEST(contains(noParent.err, "does not exist; create it first"));
  // A file where the parent directory should be.
  std::ofstream(ws.path("file")) << "x";
  const auto fileParent = compileLayout(layout, ws.path("file/world"), {"--quiet"});
  BOOST_TEST(fileParent.exitCode == 1);
  BOOST_TEST(contains(fileParent.err, "the parent directory '" + ws.path("file") + "' is not a directory"));
  const LockedDirectory locked(ws.path("locked"));
  if (locked.locked()) {
    const auto readOnly = compileLayout(layout, ws.path("locked/world"), {"--quiet"});
    BOOST_TEST(readOnly.exitCode == 1);
    BOOST_TEST(contains(readOnly.err, "the parent directory '" + ws.path("locked") + "' is not writable"),
               readOnly.err);
    BOOST_TEST(fs::is_empty(ws.path("locked")));
  } else {
    cannotRun("this machine has no way to make a directory unwritable for this user");
  }
}

// --height-scale: export's one-source world takes it; run compile refuses
// it, the layout's height_scale_m being the one place its scale comes from.
BOOST_AUTO_TEST_CASE(height_scale_scales_an_export_and_is_refused_by_run_compile) {
  Workspace ws;
  const auto blueprint = ws.path(ws.blueprint(1));
  BOOST_REQUIRE(runTool({"export", blueprint, ws.path("at-251"), "--quiet"}).exitCode == 0);
  const auto scaled = runTool({"export", blueprint, ws.path("at-100"), "--quiet", "--height-scale", "100"});
  BOOST_REQUIRE_MESSAGE(scaled.exitCode == 0, scaled.err);
  const auto defaults = boost::json::parse(fileTree(ws.path("at-251")).at("terrain/p-0-0.json")).as_object();
  const auto hundred = boost::json::parse(fileTree(ws.path("at-100")).at("terrain/p-0-0.json")).as_object();
  BOOST_TEST(contains(fileTree(ws.path("at-100")).at("world.json"), R"("height_scale_m": 100)"));
  const auto& rows251 = defaults.at("heights_m").as_array();
  const auto& rows100 = hundred.at("heights_m").as_array();
  std::size_t far = 0;
  for (std::size_t z = 0; z < rows251.size(); ++z) {
    for (std::size_t x = 0; x < rows251[z].as_array().size(); ++x) {
      // Each a float32 of raw x scale: the two agree to float32 precision.
      const double at251 = rows251[z].as_array()[x].to_number<double>();
      const double at100 = rows100[z].as_array()[x].to_number<double>();
      far += std::abs(at251 / 251.0 - at100 / 100.0) > 1e-6 * std::max(1.0, std::abs(at251 / 251.0));
    }
  }
  BOOST_TEST(far == 0u, far << " heights are not raw x 100");

  const auto layout = ws.layout("layout.json", 1, 1);
  const auto refused = compileLayout(layout, ws.path("world"), {"--quiet", "--height-scale", "100"});
  BOOST_TEST(refused.exitCode == 2);
  BOOST_TEST(contains(refused.err, "run compile takes the height scale from the layout's height_scale_m, not "
                                   "--height-scale; set it there"),
             refused.err);
  BOOST_TEST(!fs::exists(ws.path("world")));
}

BOOST_AUTO_TEST_CASE(a_file_size_limit_is_a_clear_error_that_leaves_nothing) {
  Workspace ws;
  const auto layout = ws.layout("layout.json", 1, 1);
  const auto before = ws.entries();
  ToolProcess::Options options;
  options.fileSize = 100000;
  const auto run = ToolProcess({"run", "compile", layout, ws.path("world"), "--quiet"}, {}, options).wait();
  BOOST_TEST(run.exitCode == 1);
  BOOST_TEST(contains(run.err, "file-size limit"), run.err);
  BOOST_TEST(ws.entries() == before, boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(a_stage_left_by_a_killed_compile_is_cleared_by_the_next_one) {
  Workspace ws;
  const auto layout = ws.layout("layout.json", 1, 1);
  const int dead = deadPid();
  const fs::path abandoned = ws.path(".world.isla-stage-" + std::to_string(dead) + "-abcdef");
  const fs::path running = ws.path(".world.isla-stage-" + std::to_string(getpid()) + "-ghijkl");
  for (const auto& stage : {abandoned, running}) {
    fs::create_directories(stage / "terrain");
    std::ofstream(stage / "world.json") << "{";
  }
  const auto run = compileLayout(layout, ws.path("world"), {"--quiet"});
  BOOST_TEST(run.exitCode == 0, run.err);
  BOOST_TEST(!fs::exists(abandoned));
  BOOST_TEST(fs::exists(running));  // its process still runs: not ours to remove
  BOOST_TEST(fs::exists(ws.path("world") + "/world.json"));
}

// Issue 57: a compile sweeps the stages killed runs left beside its output
// whatever output they were for (13 stayed after SIGKILLs of runs each
// writing another OUTDIR), with the empty target a killed run reserved; a
// live run's stage stays.
BOOST_AUTO_TEST_CASE(stages_killed_runs_left_beside_the_output_are_swept_whatever_their_target) {
  Workspace ws;
  const auto layout = ws.layout("layout.json", 1, 1);
  const std::string dead = std::to_string(deadPid());
  const fs::path other = ws.path(".world-2.isla-stage-" + dead + "-abcdef");
  fs::create_directories(other / "terrain");
  std::ofstream(other / "world.json") << "{";
  // Killed between reserving its target and renaming its stage onto it.
  const fs::path reserving = ws.path(".world-3.isla-stage-" + dead + "-ghijkl");
  fs::create_directories(reserving);
  fs::create_directory(ws.path("world-3"));
  struct stat reserved {};
  BOOST_TEST_REQUIRE(::stat(ws.path("world-3").c_str(), &reserved) == 0);
  std::ofstream(reserving.string() + ".reserved") << reserved.st_dev << ' ' << reserved.st_ino << '\n';
  const fs::path running = ws.path(".world-4.isla-stage-" + std::to_string(getpid()) + "-mnopqr");
  fs::create_directories(running);
  const auto run = compileLayout(layout, ws.path("world"), {"--quiet"});
  BOOST_TEST(run.exitCode == 0, run.err);
  for (const fs::path& gone : {other, reserving, fs::path(reserving.string() + ".reserved"), fs::path(ws.path("world-3"))}) {
    BOOST_TEST(!fs::exists(gone), gone);
  }
  BOOST_TEST(fs::exists(running));
}

BOOST_AUTO_TEST_CASE(plugins_lists_the_exporter_and_the_package_validator) {
  const auto run = runTool({"plugins"});
  BOOST_TEST(contains(run.out, "    exporter  terrain-world-v1: Terrain World v1 package"), run.out);
  BOOST_TEST(contains(run.out, "    package   terrain-world-v1: "), run.out);
}

BOOST_AUTO_TEST_CASE(an_unknown_exporter_or_option_names_the_valid_ones) {
  Workspace ws;
  const auto layout = ws.layout("layout.json", 1, 1);
  const auto exporter = compileLayout(layout, ws.path("world"), {"--exporter", "fbx"});
  BOOST_TEST(exporter.exitCode == 1);
  BOOST_TEST(contains(exporter.err, "no exporter named 'fbx'; loaded exporters: "), exporter.err);
  BOOST_TEST(contains(exporter.err, "terrain-world-v1"), exporter.err);
  const auto option = compileLayout(layout, ws.path("world"), {"--option", "colour=red"});
  BOOST_TEST(option.exitCode == 2);
  BOOST_TEST(contains(option.err, "exporter 'terrain-world-v1' (plugin terrain-world-v1-exporter) has no option "
                                  "'colour'"),
             option.err);
  const auto before = ws.entries();
  const auto badValue = compileLayout(layout, ws.path("world"), {"--exporter", "png", "--option", "tiles=diagonal"});
  BOOST_TEST(badValue.exitCode == 2);
  BOOST_TEST(contains(badValue.err, "exporter 'png' (plugin png): option 'tiles' takes one of world, patch, not "
                                    "'diagonal'"),
             badValue.err);
  BOOST_TEST(ws.entries() == before, boost::test_tools::per_element());
  const auto malformed = compileLayout(layout, ws.path("world"), {"--option", "colour"});
  BOOST_TEST(malformed.exitCode == 2);
  BOOST_TEST(!fs::exists(ws.path("world")));
}

BOOST_AUTO_TEST_SUITE_END()
