// SPDX-License-Identifier: MIT
// The World asks for roles, never for tags: a blueprint whose heights come
// from a third party's section (the heights-u16 test plugin's HU16) and that
// has no HGTS loads, shows who fills which role, and compiles into a world
// whose heights are the plugin's.
#include <boost/json.hpp>
#include <boost/test/unit_test.hpp>

#include <cmath>
#include <fstream>
#include <sstream>

#include "sample_blueprint.hpp"
#include "text_files.hpp"
#include "tool_runner.hpp"

using namespace isla::test;
namespace fs = std::filesystem;

namespace {

// The heights-u16 plugin's encoding: raw = value / 4096.
std::uint16_t stepsOf(float raw) {
  return static_cast<std::uint16_t>(std::clamp(std::lround(raw * 4096.0), 0L, 65535L));
}

struct RoleFixture {
  // The heights-u16 plugin alone: the test plugin directory also holds one
  // that shadows HGTS.
  RoleFixture() : withFixture{"--plugin-dir", (dir / "plugins").string()} {
    fs::create_directory(dir / "plugins");
    fs::create_symlink(testPluginDirectory() / "heights-u16.so", dir / "plugins" / "heights-u16.so");
    sample = makeSample(256);
    for (float& height : sample.heights) height = std::max(height, 0.0f);
    std::vector<std::byte> u16;
    for (const float height : sample.heights) {
      const std::uint16_t steps = stepsOf(height);
      u16.push_back(static_cast<std::byte>(steps & 0xFF));
      u16.push_back(static_cast<std::byte>(steps >> 8));
    }
    BlueprintBuilder builder = encode(sample);
    builder.remove(isla::FourCC("HGTS"));
    builder.insert(1, isla::FourCC("HU16"), std::move(u16));
    writeFile(dir / "island.dat", builder.v2());
    std::ofstream(dir / "layout.json") << R"({"format": "terrain-world.layout", "schema_version": 1, "name": "roles",
      "slope_warning_deg": 89.99, "sources": [{"id": "a", "namespace": "a", "path": "island.dat", "row": 0, "col": 0}]})";
  }

  ToolRun compile(const std::vector<std::string>& plugins, const std::string& output) const {
    std::vector<std::string> arguments = plugins;
    arguments.insert(arguments.end(), {"run", "compile", (dir / "layout.json").string(), (dir / output).string(),
                                       "--quiet"});
    return runTool(arguments);
  }

  TempDir dir;
  std::vector<std::string> withFixture;
  SampleBlueprint sample;
};

}  // namespace

BOOST_FIXTURE_TEST_SUITE(roles, RoleFixture)

BOOST_AUTO_TEST_CASE(a_third_partys_section_fills_the_heights_role_and_the_world_compiles_from_it) {
  const ToolRun run = compile(withFixture, "world");
  BOOST_TEST_REQUIRE(run.exitCode == 0, run.err);
  const auto terrain = boost::json::parse(readText(dir / "world" / "terrain" / "p-0-0.json")).as_object();
  const auto& rows = terrain.at("heights_m").as_array();
  BOOST_TEST_REQUIRE(rows.size() == 256u);
  // heights_m[z][x] is pixel (x, z): element x * 256 + z of the grid.
  for (const auto& [x, z] : {std::pair<std::size_t, std::size_t>{0, 0}, {128, 100}, {90, 140}, {255, 255}}) {
    const float raw = static_cast<float>(stepsOf(sample.heights[x * 256 + z]) / 4096.0);
    const double expected = static_cast<double>(static_cast<float>(raw * 251.0));
    const double written = rows.at(z).as_array().at(x).to_number<double>();
    BOOST_TEST(std::abs(written - expected) <= 1e-4 * std::max(1.0, std::abs(expected)), x << "," << z);
  }
}

BOOST_AUTO_TEST_CASE(without_the_plugin_the_blueprint_lacks_its_mandatory_heights) {
  const ToolRun run = compile({}, "world");
  BOOST_TEST(run.exitCode == 1);
  BOOST_TEST(contains(run.err, "the blueprint has no HGTS section (Heights); it is mandatory"), run.err);
  BOOST_TEST(!fs::exists(dir / "world"));
}

BOOST_AUTO_TEST_CASE(inspect_and_plugins_say_which_plugin_fills_which_role) {
  std::vector<std::string> arguments = withFixture;
  arguments.insert(arguments.end(), {"inspect", (dir / "island.dat").string()});
  const ToolRun inspect = runTool(arguments);
  BOOST_TEST_REQUIRE(inspect.exitCode == 0, inspect.err);
  BOOST_TEST(contains(inspect.out, "heights         HU16 (plugin heights-u16)"), inspect.out);
  BOOST_TEST(contains(inspect.out, "biome-classes   BIOM (plugin biom)"), inspect.out);
  BOOST_TEST(contains(inspect.out, "roads           RDTL (plugin roads)"), inspect.out);

  std::vector<std::string> listing = withFixture;
  listing.push_back("plugins");
  const ToolRun plugins = runTool(listing);
  BOOST_TEST(contains(plugins.out, "section   HU16  Heights (u16) (optional, fills the heights role)"), plugins.out);
  BOOST_TEST(contains(plugins.out, "section   HGTS  Heights (mandatory, fills the heights role)"), plugins.out);
}

BOOST_AUTO_TEST_CASE(a_second_section_for_one_role_is_warned_about_and_the_first_wins) {
  BlueprintBuilder builder = encode(sample);
  builder.add(isla::FourCC("HU16"), std::vector<std::byte>(256 * 256 * 2));
  writeFile(dir / "both.dat", builder.v2());
  std::vector<std::string> arguments = withFixture;
  arguments.insert(arguments.end(), {"inspect", (dir / "both.dat").string()});
  const ToolRun run = runTool(arguments);
  BOOST_TEST(run.exitCode == 0, run.err);
  BOOST_TEST(contains(run.err, "HU16 fills the heights role that HGTS already fills; the World reads HGTS"), run.err);
  BOOST_TEST(contains(run.out, "heights         HGTS (plugin hgts)"), run.out);
}

BOOST_AUTO_TEST_CASE(a_plugin_filling_another_role_than_it_declares_is_refused) {
  BlueprintBuilder builder = encode(sample);
  builder.add(isla::FourCC("RMIS"), std::vector<std::byte>(256 * 256 * 2));
  writeFile(dir / "mismatch.dat", builder.v2());
  const ToolRun run = runTool({"--plugin-dir", testPluginDirectory().string(), "validate", (dir / "mismatch.dat").string()});
  BOOST_TEST(run.exitCode == 1, run.err);
  BOOST_TEST(contains(run.err, "plugin 'role-mismatch' declares that RMIS fills the heights role but gave towns "
                               "content; the plugin is broken [role.mismatch]"),
             run.err);
}

BOOST_AUTO_TEST_SUITE_END()
