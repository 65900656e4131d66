// SPDX-License-Identifier: MIT
// Every option of every loaded exporter and validator is parsed and checked
// by the kernel, once, with one error text: a bad value is a usage error
// (exit 2) naming the plugin object, the option, the value and what it
// accepts, and nothing is written. The options are read from `plugins
// --json`, so a new plugin's options are covered without a new test.
#include <boost/json.hpp>
#include <boost/test/unit_test.hpp>

#include <map>
#include <set>

#include "sample_blueprint.hpp"
#include "tool_runner.hpp"

using namespace isla::test;
namespace fs = std::filesystem;

namespace {

constexpr const char* kBadValue = "not-a-value";

std::string text(const boost::json::value& value) { return std::string(value.as_string()); }

bool takesAnyText(const std::string& type) { return type == "string" || type == "path"; }

struct PluginOption {
  std::string kind;  // "exporter" or "validator"
  std::string object;
  std::string plugin;
  std::string option;
  std::string accepts;
};

std::vector<PluginOption> constrainedOptions() {
  const ToolRun listing = runTool({"plugins", "--json"});
  BOOST_TEST_REQUIRE(listing.exitCode == 0, listing.err);
  std::vector<PluginOption> out;
  const boost::json::value report = boost::json::parse(listing.out);
  for (const auto& entry : report.at("plugins").as_array()) {
    if (text(entry.at("outcome")) != "loaded") continue;
    for (const auto& [kind, key] : {std::pair{"exporter", "exporters"}, std::pair{"validator", "validators"}}) {
      for (const auto& object : entry.at(key).as_array()) {
        for (const auto& option : object.at("options").as_array()) {
          if (takesAnyText(text(option.at("type")))) continue;
          out.push_back({kind, text(object.at("name")), text(entry.at("name")), text(option.at("name")),
                         text(option.at("accepts"))});
        }
      }
    }
  }
  return out;
}

}  // namespace

BOOST_AUTO_TEST_CASE(a_bad_value_of_any_option_is_one_usage_error_naming_plugin_option_value_and_range) {
  TempDir dir;
  writeFile(dir / "island.dat", encode(makeSample(256)).v2());
  const auto options = constrainedOptions();
  std::set<std::string> exporters, validators;
  for (const auto& o : options) (o.kind == "exporter" ? exporters : validators).insert(o.object);
  // What the shipped plugins declare, at least: the table is not empty by accident.
  for (const char* name : {"png", "unity", "unreal", "obj", "gltf"}) BOOST_TEST(exporters.contains(name), name);
  BOOST_TEST(validators.contains("terrain"));

  for (const auto& o : options) {
    const std::string out = (dir / ("out-" + o.object + "-" + o.option)).string();
    const ToolRun run = o.kind == "exporter"
                            ? runTool({"export", (dir / "island.dat").string(), out, "--exporter", o.object,
                                       "--option", o.option + "=" + kBadValue, "--quiet"})
                            : runTool({"validate", (dir / "island.dat").string(), "--" + o.option, kBadValue});
    const std::string expected = o.kind + " '" + o.object + "' (plugin " + o.plugin + "): option '" + o.option +
                                 "' takes " + o.accepts + ", not '" + kBadValue + "'";
    BOOST_TEST(run.exitCode == 2, o.object << " " << o.option << ": " << run.err);
    BOOST_TEST(run.err.find(expected) != std::string::npos, expected << "\n in: " << run.err);
    BOOST_TEST(!fs::exists(out));
  }
}

BOOST_AUTO_TEST_CASE(ranges_and_choices_are_named_as_the_plugins_declare_them) {
  std::map<std::string, std::string> accepts;
  for (const auto& o : constrainedOptions()) accepts[o.object + "/" + o.option] = o.accepts;
  BOOST_TEST(accepts["png/compression"] == "an integer from 0 to 9");
  BOOST_TEST(accepts["png/tiles"] == "one of world, patch");
  BOOST_TEST(accepts["png/layers"] ==
             "one or more of heightmap, biome, wbid, water, relief, weights, comma-separated");
  BOOST_TEST(accepts["unity/splat_resolution"] == "one of auto, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096");
  BOOST_TEST(accepts["unreal/weights"] == "true or false");
  BOOST_TEST(accepts["png/blend_m"] == "a number from 0 to 10000");
  BOOST_TEST(accepts["unity/byte_order"] == "one of little, big");
  BOOST_TEST(accepts["obj/weld"] == "true or false");
  BOOST_TEST(accepts["obj/window"] == "4 numbers joined by ','");
  BOOST_TEST(accepts["terrain/height-range"] == "2 numbers joined by ':'");
}

BOOST_AUTO_TEST_CASE(an_unknown_option_and_a_plugins_own_rule_are_usage_errors_naming_the_exporter) {
  TempDir dir;
  writeFile(dir / "island.dat", encode(makeSample(256)).v2());
  const ToolRun unknown = runTool({"export", (dir / "island.dat").string(), (dir / "a").string(), "--exporter", "png",
                                   "--option", "colour=red", "--quiet"});
  BOOST_TEST(unknown.exitCode == 2);
  BOOST_TEST(unknown.err.find("exporter 'png' (plugin png) has no option 'colour'; its options: layers, tiles, "
                              "compression") != std::string::npos,
             unknown.err);
  const ToolRun crossed = runTool({"export", (dir / "island.dat").string(), (dir / "b").string(), "--exporter", "obj",
                                   "--option", "window=10,0,5,20", "--quiet"});
  BOOST_TEST(crossed.exitCode == 2);
  BOOST_TEST(crossed.err.find("exporter 'obj' (plugin obj): option 'window' takes min_x below max_x and min_z below "
                              "max_z") != std::string::npos,
             crossed.err);
  BOOST_TEST(!fs::exists(dir / "a"));
  BOOST_TEST(!fs::exists(dir / "b"));
}
