// SPDX-License-Identifier: MIT
// Plugins loaded when first needed, end to end: the build indexes the
// shipped plugins, a compile maps the one exporter it uses and no other
// (the dynamic loader's own account, LD_DEBUG=files), `plugins` still
// reports each plugin loaded, and `plugins --write-index` indexes a
// directory of one's own.
#include <boost/json/parse.hpp>
#include <boost/test/unit_test.hpp>

#include "compile_workspace.hpp"
#include "text_files.hpp"
#include "tool_runner.hpp"

using namespace isla::test;

namespace {

std::filesystem::path shippedPluginDirectory() {
  const auto report = boost::json::parse(runTool({"plugins", "--json"}).out).as_object();
  return std::string(report.at("search_path").as_array().front().at("path").as_string());
}

}  // namespace

BOOST_AUTO_TEST_SUITE(deferred_plugins)

BOOST_AUTO_TEST_CASE(a_compile_maps_the_exporter_it_uses_and_no_other) {
  BOOST_TEST(std::filesystem::is_regular_file(shippedPluginDirectory() / "plugins.index.json"));
  Workspace workspace;
  const auto layout = workspace.layout("one", 1, 2);
  const auto run = runTool({"run", "compile", layout, workspace.path("out"), "--exporter", "obj", "--quiet"},
                           {{"LD_DEBUG", "files"}});
  BOOST_TEST_REQUIRE(run.exitCode == 0, run.err);
  BOOST_TEST(contains(run.err, "plugins/obj.so"));
  BOOST_TEST(contains(run.err, "plugins/hgts.so"));   // it reads blueprints
  BOOST_TEST(contains(run.err, "plugins/water.so"));  // and validates them
  for (const char* unused : {"3dtiles.so", "gltf.so", "png.so", "engine-presets.so", "terrain-world-v1.so",
                             "terrain-world-v1-exporter.so"}) {
    BOOST_TEST(!contains(run.err, std::string("plugins/") + unused), unused);
  }
}

BOOST_AUTO_TEST_CASE(plugins_reports_every_shipped_plugin_loaded) {
  const auto report = boost::json::parse(runTool({"plugins", "--json"}).out).as_object();
  std::size_t loaded = 0;
  for (const auto& plugin : report.at("plugins").as_array()) {
    BOOST_TEST(plugin.at("outcome").as_string() == "loaded", plugin.at("file").as_string());
    loaded += plugin.at("outcome").as_string() == "loaded";
  }
  BOOST_TEST(loaded >= 20u);
}

BOOST_AUTO_TEST_CASE(write_index_describes_a_directory_of_ones_own) {
  TempDir dir;
  std::filesystem::copy_file(testPluginDirectory() / "heights-u16.so", dir / "heights-u16.so");
  const auto run = runTool({"plugins", "--write-index", dir.path().string()});
  BOOST_TEST(run.exitCode == 0, run.err);
  BOOST_TEST(run.out == "indexed 1 plugin in " + (dir / "plugins.index.json").string() + "\n");
  const auto index = boost::json::parse(runTool({"--no-default-plugins", "plugins", "--json", "--plugin-dir",
                                                 dir.path().string()})
                                            .out)
                         .as_object();
  const auto& plugins = index.at("plugins").as_array();
  BOOST_TEST_REQUIRE(plugins.size() == 1u);  // the index itself is no plugin
  BOOST_TEST(plugins[0].at("name").as_string() == "heights-u16");
  BOOST_TEST(plugins[0].at("outcome").as_string() == "loaded");

  const auto missing = runTool({"plugins", "--write-index", (dir / "nowhere").string()});
  BOOST_TEST(missing.exitCode == 1);
  BOOST_TEST(missing.err == "isla-tool: error: " + (dir / "nowhere").string() + " is not a directory\n");
}

BOOST_AUTO_TEST_SUITE_END()
