// SPDX-License-Identifier: MIT
// `isla-tool validate` on a world package: the summary, the diagnostics and
// the exit code, as text and as JSON.
#include <boost/json/parse.hpp>
#include <boost/test/unit_test.hpp>

#include "terrain-world-v1/test/hand_package.hpp"
#include "tool_runner.hpp"

using namespace isla::test;
namespace fs = std::filesystem;

BOOST_AUTO_TEST_SUITE(package_validate)

BOOST_AUTO_TEST_CASE(a_valid_package_prints_its_summary) {
  TempDir dir;
  HandPackage package;
  package.write(dir.path());
  for (const std::string& path : {dir.path().string(), (dir / "world.json").string()}) {
    const ToolRun run = runTool({"validate", path});
    BOOST_TEST(run.exitCode == 0);
    BOOST_TEST(run.err == "");
    BOOST_TEST(run.out == path + ": valid terrain-world-v1 package 'tiny': 1 source, 1 patch, 0 boundary edges, "
                                 "0 warnings, 0 errors\n");
  }
}

BOOST_AUTO_TEST_CASE(every_problem_is_printed_and_the_exit_code_is_1) {
  TempDir dir;
  HandPackage package;
  package.world.as_object()["colour"] = "red";
  package.write(dir.path());
  writeText(dir / "scenery/a.json", "{}");
  const ToolRun run = runTool({"validate", dir.path().string()});
  BOOST_TEST(run.exitCode == 1);
  BOOST_TEST(run.err.find("world.json: error: at /colour: unknown key 'colour'; the keys are: ") != std::string::npos);
  BOOST_TEST(run.out.find(": INVALID terrain-world-v1 package 'tiny': 0 sources, 0 patches") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(json_output_is_one_object) {
  TempDir dir;
  HandPackage package;
  package.write(dir.path());
  writeText(dir / "scenery/a.json", readText(dir / "scenery/a.json") + " ");
  const ToolRun run = runTool({"validate", "--json", dir.path().string()});
  BOOST_TEST(run.exitCode == 1);
  const auto result = boost::json::parse(run.out).as_object();
  BOOST_TEST(result.at("valid").as_bool() == false);
  BOOST_TEST(result.at("name").as_string() == "tiny");
  BOOST_TEST(result.at("counts").at("patches").as_int64() == 1);
  BOOST_TEST(result.at("counts").at("boundary_edges").as_int64() == 0);
  BOOST_TEST(result.at("warnings").as_array().empty());
  const auto& diagnostic = result.at("diagnostics").as_array().at(0).as_object();
  BOOST_TEST(diagnostic.at("code").as_string() == "world.hash-mismatch");
  BOOST_TEST(diagnostic.at("file").as_string() == "world.json");
  BOOST_TEST(diagnostic.at("pointer").as_string() == "/sources/0/scenery/sha256");
}

BOOST_AUTO_TEST_CASE(a_path_no_validator_recognises_is_an_error) {
  TempDir dir;
  const ToolRun run = runTool({"validate", dir.path().string()});
  BOOST_TEST(run.exitCode == 1);
  BOOST_TEST(run.err == "isla-tool: error: '" + dir.path().string() +
                            "' is not a package any loaded package validator recognises (loaded: terrain-world-v1); "
                            "a Terrain World v1 package is a directory holding world.json\n");
  const ToolRun mixed = runTool({"validate", dir.path().string(), "a.dat"});
  BOOST_TEST(mixed.exitCode == 2);
  BOOST_TEST(mixed.err.find("a package (a directory or a .json file) is validated on its own") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(blueprint_validator_options_are_refused_for_a_package) {
  TempDir dir;
  HandPackage package;
  package.write(dir.path());
  const std::pair<std::vector<std::string>, std::string> refused[] = {
      {{"--only", "water"}, "--only"},
      {{"--skip", "terrain"}, "--skip"},
      {{"--server-config", "ServerConfig.json"}, "--server-config"},
      {{"--height-range", "0:1"}, "--height-range"},
      {{"--height-scale", "100"}, "--height-scale"},
  };
  for (const auto& [options, name] : refused) {
    BOOST_TEST_CONTEXT(name) {
      std::vector<std::string> arguments{"validate", dir.path().string()};
      arguments.insert(arguments.end(), options.begin(), options.end());
      const ToolRun run = runTool(arguments);
      BOOST_TEST(run.exitCode == 2);
      BOOST_TEST(run.err.starts_with("isla-tool validate: " + name +
                                     ": blueprint validators' options, which do nothing for a package; leave them "
                                     "out\n"),
                 run.err);
      BOOST_TEST(run.out == "");
    }
  }
  const ToolRun blueprints = runTool({"validate", (dir / "a.dat").string(), "--sources", "layout.json"});
  BOOST_TEST(blueprints.exitCode == 2);
  BOOST_TEST(blueprints.err.find("--sources LAYOUT goes with a package") != std::string::npos, blueprints.err);
}

BOOST_AUTO_TEST_SUITE_END()
