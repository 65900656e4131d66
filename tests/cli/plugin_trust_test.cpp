// SPDX-License-Identifier: MIT
// No extension weakens a verdict (issue 55): a mandatory role no plugin
// decodes is an error, a plugin that did not load and would have checked a
// blueprint makes its validation incomplete, a second claim on a shipped
// tag follows the documented rule, and a mistyped --plugin-dir is a usage
// error. Each with its exit code and message.
#include <boost/json/parse.hpp>
#include <boost/test/unit_test.hpp>

#include <isla/plugin/plugin_api.hpp>

#include <fstream>
#include <map>

#include "blueprint_builder.hpp"
#include "sample_blueprint.hpp"
#include "text_files.hpp"
#include "tool_runner.hpp"

using namespace isla;
using namespace isla::test;
namespace fs = std::filesystem;

namespace {

fs::path shippedPlugins() { return toolPath().parent_path().parent_path() / "lib" / "isla-tool" / "plugins"; }

struct Workspace {
  Workspace() { writeFile(blueprint(), encode(makeSample()).v2()); }

  std::string blueprint() const { return (dir / "island.dat").string(); }
  // A directory of links to the test plugins `names`, as a user's --plugin-dir.
  std::string plugins(const std::string& folder, std::initializer_list<const char*> names) const {
    fs::create_directory(dir / folder);
    for (const char* name : names) fs::create_symlink(testPluginDirectory() / name, dir / folder / name);
    return (dir / folder).string();
  }
  // Every shipped plugin but `left`; run with kLibraries, as links elsewhere
  // do not find the libraries beside the shipped plugins ($ORIGIN/../..).
  std::string shippedWithout(const std::string& left) const {
    const fs::path chosen = dir / ("without-" + left);
    fs::create_directory(chosen);
    for (const auto& entry : fs::directory_iterator(shippedPlugins())) {
      if (entry.path().extension() == ".so" && entry.path().stem() != left) {
        fs::create_symlink(entry.path(), chosen / entry.path().filename());
      }
    }
    return chosen.string();
  }
  // A one-source layout of the blueprint.
  std::string layout() const {
    std::ofstream(dir / "layout.json") << R"({"format": "terrain-world.layout", "schema_version": 1, "name": "t",
      "sources": [{"id": "a", "namespace": "a", "path": "island.dat", "row": 0, "col": 0}]})";
    return (dir / "layout.json").string();
  }

  TempDir dir;
};

const std::string kApi = std::to_string(kPluginApiVersion);
const std::map<std::string, std::string> kLibraries{{"LD_LIBRARY_PATH", (shippedPlugins() / "../..").lexically_normal().string()}};

}  // namespace

BOOST_FIXTURE_TEST_SUITE(plugin_trust, Workspace)

BOOST_AUTO_TEST_CASE(a_blueprint_whose_heights_no_plugin_decodes_is_invalid_and_not_compiled) {
  const std::string plugins = shippedWithout("hgts");
  const std::string error = blueprint() +
                            ": error: no section fills the heights role, which every blueprint needs; no loaded "
                            "plugin decodes HGTS: check the plugin search path (isla-tool plugins lists what loaded "
                            "and what did not) [role.missing]";
  for (const bool strict : {false, true}) {
    std::vector<std::string> arguments{"--no-default-plugins", "--plugin-dir", plugins, "validate", blueprint()};
    if (strict) arguments.emplace_back("--strict");
    const ToolRun run = runTool(arguments, kLibraries);
    BOOST_TEST(run.exitCode == 1, run.err);
    BOOST_TEST(contains(run.err, error), run.err);
    BOOST_TEST(run.out == blueprint() + ": INVALID (1 error, 0 warnings)\n");
  }
  const ToolRun compile = runTool({"--no-default-plugins", "--plugin-dir", plugins, "run", "compile", layout(),
                                   (dir / "world").string(), "--quiet"},
                                  kLibraries);
  BOOST_TEST(compile.exitCode == 1);
  BOOST_TEST(contains(compile.err, "[role.missing]"), compile.err);
  BOOST_TEST(!fs::exists(dir / "world"));
}

BOOST_AUTO_TEST_CASE(a_refused_plugin_that_may_hold_validators_makes_validation_incomplete) {
  const std::string plugins = this->plugins("refused", {"wrong-api-version.so"});
  const std::string refused = plugins + "/wrong-api-version.so";
  const std::string why = "was refused (built for plugin API version " + std::to_string(kPluginApiVersion + 41) +
                          ", but this isla-tool supports version " + kApi + "; rebuild the plugin against it)";

  const ToolRun run = runTool({"--plugin-dir", plugins, "validate", blueprint()});
  BOOST_TEST(run.exitCode == 0, run.err);
  BOOST_TEST(contains(run.err, "isla-tool: warning: plugin " + refused + " refused: built for plugin API version"));
  BOOST_TEST(contains(run.err, blueprint() + ": warning: validation incomplete: " + refused + " " + why +
                                   ": it may hold validators, which did not run [validation.incomplete]"),
             run.err);
  BOOST_TEST(run.out == blueprint() + ": validation incomplete (0 errors, 1 warning)\n");

  const ToolRun strict = runTool({"--plugin-dir", plugins, "validate", "--strict", blueprint()});
  BOOST_TEST(strict.exitCode == 1);
  BOOST_TEST(contains(strict.err, blueprint() + ": error: validation incomplete: "), strict.err);
  BOOST_TEST(strict.out == blueprint() + ": INVALID (1 error, 0 warnings)\n");

  const ToolRun json = runTool({"--plugin-dir", plugins, "validate", "--json", blueprint()});
  BOOST_TEST(json.exitCode == 0);
  const auto report = boost::json::parse(json.out).as_object();
  BOOST_TEST(report.at("complete").as_bool() == false);
  BOOST_TEST(report.at("valid").as_bool() == true);
  const auto& file = report.at("files").as_array().at(0).as_object();
  BOOST_TEST(file.at("complete").as_bool() == false);
  BOOST_TEST(file.at("diagnostics").as_array().at(0).at("code").as_string() == "validation.incomplete");

  // --only picks validators by name: one that did load ran, so nothing is missing.
  const ToolRun only = runTool({"--plugin-dir", plugins, "validate", "--only", "terrain", blueprint()});
  BOOST_TEST(only.exitCode == 0);
  BOOST_TEST(only.out == blueprint() + ": valid (0 errors, 0 warnings)\n");
}

BOOST_AUTO_TEST_CASE(a_section_no_loaded_plugin_decoded_is_named_with_the_plugin_that_might_have) {
  auto builder = encode(makeSample());
  builder.insert(3, FourCC("FUTR"), toBytes("future"));
  writeFile(dir / "future.dat", builder.v2());
  const std::string plugins = this->plugins("refused", {"wrong-api-version.so"});
  const ToolRun run = runTool({"--plugin-dir", plugins, "validate", (dir / "future.dat").string()});
  BOOST_TEST(run.exitCode == 0);
  BOOST_TEST(contains(run.err, ": warning: FUTR: validation incomplete: " + plugins + "/wrong-api-version.so was "
                               "refused (built for plugin API version"),
             run.err);
  BOOST_TEST(contains(run.err, "it may decode FUTR, which no loaded plugin decoded; it may hold validators, which "
                               "did not run [validation.incomplete]"),
             run.err);
}

BOOST_AUTO_TEST_CASE(a_refused_plugin_whose_claims_are_known_is_named_with_what_did_not_happen) {
  // duplicate-tag claims HGTS (the shipped hgts keeps it) and DUPE, which
  // this blueprint holds; shadow-validator claims 'water' (the shipped one
  // runs) and 'coastline', which then does not.
  auto builder = encode(makeSample());
  builder.add(FourCC("DUPE"), std::vector<std::byte>(256 * 256 * 4));
  writeFile(dir / "dupe.dat", builder.v2());
  const std::string plugins = this->plugins("refused", {"duplicate-tag.so", "shadow-validator.so"});
  const std::string file = (dir / "dupe.dat").string();
  const ToolRun run = runTool({"--plugin-dir", plugins, "validate", file});
  BOOST_TEST(run.exitCode == 0, run.err);
  BOOST_TEST(contains(run.err, file + ": warning: DUPE: validation incomplete: plugin 'duplicate-tag' (" + plugins +
                                   "/duplicate-tag.so) was refused (section tag HGTS is claimed by plugin "
                                   "'duplicate-tag'"),
             run.err);
  BOOST_TEST(contains(run.err, "--override-plugin HGTS=duplicate-tag): it decodes DUPE, which no loaded plugin "
                               "decoded [validation.incomplete]"),
             run.err);
  BOOST_TEST(contains(run.err, file + ": warning: validation incomplete: plugin 'shadow-validator' (" + plugins +
                                   "/shadow-validator.so) was refused (validator 'water' is claimed by plugin "
                                   "'shadow-validator'"),
             run.err);
  BOOST_TEST(contains(run.err, "): its validator 'coastline' did not run [validation.incomplete]"), run.err);
  BOOST_TEST(run.out == file + ": validation incomplete (0 errors, 2 warnings)\n");
  // Skipped, the validator it would have added was not going to run; asked
  // for, it is a usage error saying why it is missing.
  const ToolRun skipping = runTool({"--plugin-dir", plugins, "validate", "--skip", "coastline", file});
  BOOST_TEST(skipping.exitCode == 0, skipping.err);
  BOOST_TEST(!contains(skipping.err, "'coastline' did not run"), skipping.err);
  const ToolRun only = runTool({"--plugin-dir", plugins, "validate", "--only", "coastline", file});
  BOOST_TEST(only.exitCode == 2);
  BOOST_TEST(contains(only.err, "isla-tool validate: validator 'coastline' did not load: plugin 'shadow-validator' (" +
                                    plugins + "/shadow-validator.so) refused: validator 'water' is claimed by plugin "
                                    "'shadow-validator'"),
             only.err);
}

BOOST_AUTO_TEST_CASE(a_refused_plugin_whose_work_another_did_leaves_the_verdict_whole) {
  // duplicate-tag claims HGTS, which the shipped hgts decodes, and DUPE,
  // which the blueprint lacks: it would have done nothing here.
  const std::string plugins = this->plugins("second", {"duplicate-tag.so"});
  const ToolRun run = runTool({"--plugin-dir", plugins, "validate", "--strict", blueprint()});
  BOOST_TEST(run.exitCode == 0, run.err);
  BOOST_TEST(contains(run.err, "isla-tool: warning: plugin " + plugins +
                                   "/duplicate-tag.so refused: section tag HGTS is claimed by plugin 'duplicate-tag' (" +
                                   plugins + "/duplicate-tag.so) and already registered by plugin 'hgts' (" +
                                   (shippedPlugins() / "hgts.so").string() +
                                   "), which keeps it; remove one of the two plugins from the search path, or give "
                                   "the claim to plugin 'duplicate-tag': --override-plugin HGTS=duplicate-tag\n"),
             run.err);
  BOOST_TEST(run.out == blueprint() + ": valid (0 errors, 0 warnings)\n");
}

BOOST_AUTO_TEST_CASE(an_override_gives_a_shipped_tag_away_and_never_yields_valid_without_heights) {
  const std::string plugins = this->plugins("second", {"duplicate-tag.so"});
  const std::vector<std::string> overriding{"--plugin-dir", plugins, "--override-plugin", "HGTS=duplicate-tag"};
  std::vector<std::string> arguments = overriding;
  arguments.insert(arguments.end(), {"validate", blueprint()});
  const ToolRun run = runTool(arguments);
  BOOST_TEST(run.exitCode == 1);
  BOOST_TEST(contains(run.err, "isla-tool: warning: plugin " + (shippedPlugins() / "hgts.so").string() +
                                   " refused: displaced by plugin 'duplicate-tag' (" + plugins +
                                   "/duplicate-tag.so), which --override-plugin HGTS=duplicate-tag gives HGTS\n"),
             run.err);
  BOOST_TEST(contains(run.err, "error: no section fills the heights role, which every blueprint needs: none of the "
                               "plugins that decoded its sections fills it"),
             run.err);
  BOOST_TEST(run.out == blueprint() + ": INVALID (1 error, 0 warnings)\n");

  arguments = overriding;
  arguments.insert(arguments.end(), {"run", "compile", layout(), (dir / "world").string(), "--quiet"});
  const ToolRun compile = runTool(arguments);
  BOOST_TEST(compile.exitCode == 1);
  BOOST_TEST(contains(compile.err, "[role.missing]"), compile.err);
  BOOST_TEST(!fs::exists(dir / "world"));
}

BOOST_AUTO_TEST_CASE(an_override_that_cannot_take_effect_is_a_usage_error) {
  const std::string plugins = this->plugins("second", {"duplicate-tag.so"});
  const auto usage = [&](const std::string& given, const std::string& message) {
    const ToolRun run = runTool({"--plugin-dir", plugins, "--override-plugin", given, "validate", blueprint()});
    BOOST_TEST(run.exitCode == 2, given);
    BOOST_TEST(contains(run.err, "isla-tool validate: " + message + "\nUsage: isla-tool validate "), run.err);
  };
  usage("HGTS=nobody", "--override-plugin HGTS=nobody: no plugin named 'nobody' is on the plugin search path");
  usage("BIOM=duplicate-tag",
        "--override-plugin BIOM=duplicate-tag: plugin 'duplicate-tag' (" + plugins + "/duplicate-tag.so) was not "
        "loaded: section tag HGTS is claimed by plugin 'duplicate-tag' (" + plugins + "/duplicate-tag.so) and already "
        "registered by plugin 'hgts' (" + (shippedPlugins() / "hgts.so").string() + "), which keeps it; remove one of "
        "the two plugins from the search path, or give the claim to plugin 'duplicate-tag': --override-plugin "
        "HGTS=duplicate-tag");
  usage("HGTS", "--override-plugin HGTS: give CLAIM=PLUGIN, e.g. --override-plugin HGTS=my-heights");
}

BOOST_AUTO_TEST_CASE(a_plugin_dir_that_names_no_directory_is_a_usage_error) {
  const auto usage = [&](const std::string& given, const std::string& message) {
    const ToolRun run = runTool({"--plugin-dir", given, "validate", blueprint()});
    BOOST_TEST(run.exitCode == 2, given);
    BOOST_TEST(run.err.starts_with("isla-tool validate: --plugin-dir " + given + ": " + message +
                                   "\nUsage: isla-tool validate "),
               run.err);
    BOOST_TEST(run.out.empty());
  };
  usage((dir / "typo").string(), "no such directory");
  usage(blueprint(), "not a directory (give the directory that holds the plugins' .so files)");
  // ISLA_PLUGIN_PATH entries stay notes, which `isla-tool plugins` shows.
  const ToolRun environment = runTool({"validate", blueprint()}, {{"ISLA_PLUGIN_PATH", (dir / "typo").string()}});
  BOOST_TEST(environment.exitCode == 0, environment.err);
  BOOST_TEST(environment.err.empty());
  const ToolRun listing = runTool({"plugins"}, {{"ISLA_PLUGIN_PATH", (dir / "typo").string()}});
  BOOST_TEST(contains(listing.out, (dir / "typo").string() + "  (ISLA_PLUGIN_PATH, missing)"));
}

BOOST_AUTO_TEST_CASE(a_library_that_is_no_plugin_is_a_warning_where_the_user_named_its_directory) {
  const std::string plugins = this->plugins("mixed", {"not-a-plugin.so", "heights-u16.so"});
  const std::string warning = "isla-tool: warning: plugin " + plugins +
                              "/not-a-plugin.so skipped: not an isla-tool plugin: it has no 'isla_plugin_entry' "
                              "symbol\n";
  const ToolRun named = runTool({"--plugin-dir", plugins, "validate", blueprint()});
  BOOST_TEST(named.exitCode == 0, named.err);
  BOOST_TEST(named.err == warning);
  const ToolRun environment = runTool({"validate", blueprint()}, {{"ISLA_PLUGIN_PATH", plugins}});
  BOOST_TEST(environment.exitCode == 0);
  BOOST_TEST(environment.err.empty(), environment.err);
  // The same directory twice, or the shipped one named again: repeats, no warning.
  const ToolRun again = runTool({"--plugin-dir", shippedPlugins().string(), "validate", blueprint()});
  BOOST_TEST(again.exitCode == 0);
  BOOST_TEST(again.err.empty(), again.err);
}

BOOST_AUTO_TEST_SUITE_END()
