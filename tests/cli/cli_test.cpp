// SPDX-License-Identifier: MIT
// isla-tool as a user drives it: exit codes, what goes to stdout and stderr,
// and the text of the most common messages.
#include <boost/json/parse.hpp>
#include <boost/test/unit_test.hpp>
#include <isla/plugin/plugin_api.hpp>

#include "blueprint_builder.hpp"
#include "sample_blueprint.hpp"
#include "text_files.hpp"
#include "tool_runner.hpp"

using namespace isla;
using namespace isla::test;

namespace {

struct Files {
  TempDir dir;
  std::string path(const std::string& name) const { return (dir / name).string(); }
  std::string write(const std::string& name, const std::vector<std::byte>& bytes) const {
    writeFile(dir / name, bytes);
    return path(name);
  }
};

boost::json::object parseObject(const std::string& text) { return boost::json::parse(text).as_object(); }

}  // namespace

BOOST_AUTO_TEST_SUITE(cli)

BOOST_AUTO_TEST_CASE(no_command_prints_usage_and_exits_2) {
  const auto run = runTool({});
  BOOST_TEST(run.exitCode == 2);
  BOOST_TEST(contains(run.err, "Usage: isla-tool"));
  BOOST_TEST(runTool({"frobnicate"}).err.starts_with("isla-tool: unknown command 'frobnicate'"));
  BOOST_TEST(runTool({"--help"}).exitCode == 0);
}

BOOST_AUTO_TEST_CASE(plugins_lists_every_shipped_section_tag) {
  const auto run = runTool({"plugins"});
  BOOST_TEST(run.exitCode == 0);
  for (const auto* tag : {"PRMS", "HGTS", "BIOM", "TOWN", "TCRV", "TDTL", "EROS", "WBID", "WBTB", "WSRF", "RDHW",
                          "RDBR", "RDRG", "RDTL"}) {
    BOOST_TEST(contains(run.out, std::string("section   ") + tag), tag);
  }
  const auto json = parseObject(runTool({"plugins", "--json"}).out);
  BOOST_TEST(json.at("api_version").as_int64() == isla::kPluginApiVersion);
  BOOST_TEST(json.at("search_path").as_array().front().at("origin").as_string() == "default");
}

BOOST_AUTO_TEST_CASE(broken_plugins_are_reported_and_the_tool_still_runs) {
  Files files;
  const auto blueprint = files.write("a.dat", encode(makeSample()).v2());
  const auto run = runTool({"--plugin-dir", testPluginDirectory().string(), "inspect", blueprint});
  BOOST_TEST(run.exitCode == 0, run.err);
  BOOST_TEST(contains(run.err, "wrong-api-version.so refused: built for plugin API version"));
  BOOST_TEST(contains(run.err, "throwing-registration.so failed: its registration threw"));
  // The shipped plugins come first: duplicate-tag is the second claim on HGTS.
  BOOST_TEST(contains(run.err, "duplicate-tag.so refused: section tag HGTS is claimed by plugin 'duplicate-tag'"));
  BOOST_TEST(contains(run.err, "and already registered by plugin 'hgts'"));
  const auto listing = runTool({"plugins", "--plugin-dir", testPluginDirectory().string()});
  BOOST_TEST(contains(listing.out, "third-party 0.3.0 (API " + std::to_string(isla::kPluginApiVersion) + ")"));
  BOOST_TEST(contains(listing.out, "section   XTRA  Extra values (optional)"));
  BOOST_TEST(contains(listing.out, "exporter  listing: writes the section tags of each source"));
  BOOST_TEST(contains(listing.out, "not-a-plugin.so  skipped: not an isla-tool plugin"));
  const auto viaEnvironment = runTool({"plugins"}, {{"ISLA_PLUGIN_PATH", testPluginDirectory().string()}});
  BOOST_TEST(contains(viaEnvironment.out, "(ISLA_PLUGIN_PATH)"));
  BOOST_TEST(contains(viaEnvironment.out, "third-party 0.3.0"));
}

BOOST_AUTO_TEST_CASE(inspect_shows_format_params_and_the_section_table) {
  Files files;
  auto builder = encode(makeSample());
  builder.insert(4, FourCC("FUTR"), toBytes("future"));
  const auto blueprint = files.write("island.dat", builder.v2());
  const auto run = runTool({"inspect", blueprint});
  BOOST_TEST(run.exitCode == 0, run.err);
  BOOST_TEST(contains(run.out, "format:   v2\nMapSize:  256\n"));
  BOOST_TEST(contains(run.out, "  WorldSeed: 1234\n"));
  BOOST_TEST(contains(run.out, "  GeneratorGitHash: abc1234\n"));
  BOOST_TEST(contains(run.out, "  HGTS       Heights"));
  BOOST_TEST(contains(run.out, "skipped:\n  FUTR at offset "));
  BOOST_TEST(run.err.empty(), run.err);

  const auto json = parseObject(runTool({"inspect", "--json", blueprint}).out);
  BOOST_TEST(json.at("format").as_string() == "v2");
  BOOST_TEST(json.at("map_size").as_int64() == 256);
  BOOST_TEST(json.at("params").at("WorldSeed").to_number<double>() == 1234);
  BOOST_TEST(json.at("sections").as_array().size() == 15u);
  BOOST_TEST(json.at("skipped").as_array().at(0).at("tag").as_string() == "FUTR");
  BOOST_TEST(json.at("sections").as_array().at(1).at("offset").as_int64() ==
             static_cast<std::int64_t>(builder.offsetOf(FourCC("HGTS"))));
}

BOOST_AUTO_TEST_CASE(inspect_of_v1_warns_that_it_is_deprecated) {
  Files files;
  const auto blueprint = files.write("old.dat", encode(makeSample()).v1());
  const auto run = runTool({"inspect", blueprint});
  BOOST_TEST(run.exitCode == 0);
  BOOST_TEST(contains(run.out, "format:   v1 (legacy)"));
  BOOST_TEST(contains(run.out, "WorldSeed: 0 (sentinel: unknown, re-encoded from v1)"));
  BOOST_TEST(contains(run.err, "warning: legacy v1 blueprint"));
}

BOOST_AUTO_TEST_CASE(errors_go_to_stderr_with_file_tag_and_offset) {
  Files files;
  const auto missing = runTool({"inspect", files.path("nope.dat")});
  BOOST_TEST(missing.exitCode == 1);
  BOOST_TEST(missing.out.empty());
  BOOST_TEST(contains(missing.err, "error: cannot open '" + files.path("nope.dat") + "': No such file or directory"));

  auto builder = encode(makeSample());
  auto bytes = builder.v2();
  patchU64(bytes, builder.offsetOf(FourCC("WBID")) + 4, 1ull << 40);
  const auto corrupt = files.write("corrupt.dat", bytes);
  const auto run = runTool({"validate", corrupt});
  BOOST_TEST(run.exitCode == 1);
  BOOST_TEST(contains(run.err, corrupt + ": error: WBID at offset " +
                                   std::to_string(builder.offsetOf(FourCC("WBID")))));
  BOOST_TEST(contains(run.err, "declares a payload of 1099511627776 bytes but only"));
  BOOST_TEST(contains(run.out, corrupt + ": INVALID"));
  BOOST_TEST(runTool({"inspect"}).exitCode == 2);
}

BOOST_AUTO_TEST_CASE(validate_reports_every_problem_and_sets_the_exit_code) {
  Files files;
  const auto good = files.write("good.dat", encode(makeSample()).v2());
  auto values = makeSample();
  values.biomes[513] = 77;
  values.towns[0].tier = 12;
  const auto bad = files.write("bad.dat", encode(values).v2());

  const auto ok = runTool({"validate", good});
  BOOST_TEST(ok.exitCode == 0, ok.err);
  BOOST_TEST(ok.out == good + ": valid (0 errors, 0 warnings)\n");

  const auto run = runTool({"validate", good, bad});
  BOOST_TEST(run.exitCode == 1);
  BOOST_TEST(contains(run.err, "[biom.ordinal-out-of-range]"));
  BOOST_TEST(contains(run.err, "[town.tier-out-of-range]"));
  BOOST_TEST(contains(run.out, bad + ": INVALID (2 errors"));

  const auto json = parseObject(runTool({"validate", "--json", good, bad}).out);
  BOOST_TEST(!json.at("valid").as_bool());
  const auto& second = json.at("files").as_array().at(1).as_object();
  BOOST_TEST(second.at("errors").as_int64() == 2);
  const auto& d = second.at("diagnostics").as_array().at(0).as_object();
  for (const auto* key : {"code", "severity", "validator", "file", "tag", "offset", "pixel", "message"}) {
    BOOST_TEST(d.contains(key), key);
  }
}

BOOST_AUTO_TEST_CASE(strict_turns_warnings_into_errors) {
  Files files;
  const auto noTowns = files.write("no-towns.dat", encode(makeSample()).remove(FourCC("TOWN")).v2());
  const auto lenient = runTool({"validate", noTowns});
  BOOST_TEST(lenient.exitCode == 0);
  BOOST_TEST(contains(lenient.err, "warning: TOWN: the blueprint has no TOWN section (Towns); it is read as empty"));
  BOOST_TEST(runTool({"validate", "--strict", noTowns}).exitCode == 1);
  const auto unknown = runTool({"validate", "--only", "no-such-validator", noTowns});
  BOOST_TEST(unknown.exitCode == 2);
  BOOST_TEST(contains(unknown.err, "no validator named 'no-such-validator'; loaded validators: "));
}

BOOST_AUTO_TEST_CASE(convert_v1_to_v2_stamps_write_time_provenance) {
  Files files;
  const auto v1 = files.write("old.dat", encode(makeSample()).v1());
  const auto run = runTool({"convert", v1, files.path("new.dat")}, {{"SOURCE_DATE_EPOCH", "1700000000"}});
  BOOST_TEST(run.exitCode == 0, run.err);
  BOOST_TEST(run.out == "wrote " + files.path("new.dat") + " (v2, 8 sections)\n");
  const auto json = parseObject(runTool({"inspect", "--json", files.path("new.dat")}).out);
  BOOST_TEST(json.at("format").as_string() == "v2");
  BOOST_TEST(json.at("params").at("WorldSeed").to_number<double>() == 0);
  BOOST_TEST(json.at("params").at("GeneratedUtc").as_string() == "2023-11-14T22:13:20Z");
  BOOST_TEST(json.at("params").at("sentinels").as_array().size() == 5u);
}

BOOST_AUTO_TEST_CASE(convert_v2_with_kept_provenance_is_byte_identical_unknown_sections_included) {
  Files files;
  auto builder = encode(makeSample());
  builder.insert(7, FourCC("FUTR"), toBytes("third-party bytes"));
  const auto bytes = builder.v2();
  const auto input = files.write("in.dat", bytes);
  const auto run = runTool({"convert", "--keep-provenance", input, files.path("out.dat")});
  BOOST_TEST(run.exitCode == 0, run.err);
  BOOST_TEST(contains(run.out, "1 kept as opaque bytes"));
  BOOST_TEST((readFile(files.dir / "out.dat") == bytes));
}

BOOST_AUTO_TEST_CASE(convert_refuses_an_existing_output_and_leaves_nothing_on_failure) {
  Files files;
  const auto input = files.write("in.dat", encode(makeSample()).v2());
  const auto existing = files.write("taken.dat", toBytes("precious"));
  const auto refused = runTool({"convert", input, existing});
  BOOST_TEST(refused.exitCode == 1);
  BOOST_TEST(refused.err == "isla-tool: error: '" + existing +
                                "' already exists; choose another output path or remove it first\n");
  BOOST_TEST((readFile(existing) == toBytes("precious")));

  auto values = makeSample();
  values.biomes[0] = 200;
  const auto bad = files.write("bad.dat", encode(values).v2());
  const auto failed = runTool({"convert", bad, files.path("never.dat")});
  BOOST_TEST(failed.exitCode == 1);
  BOOST_TEST(contains(failed.err, "is not a valid blueprint; nothing was written"));
  BOOST_TEST(std::distance(std::filesystem::directory_iterator(files.dir.path()), {}) == 3);
  BOOST_TEST(runTool({"convert", input, files.path("missing-dir/out.dat")}).exitCode == 1);
}

BOOST_AUTO_TEST_CASE(a_section_whose_plugin_is_not_loaded_is_skipped_and_reported) {
  Files files;
  const auto blueprint = files.write("a.dat", encode(makeSample()).v2());
  // Every shipped plugin but eros.
  const std::filesystem::path shipped = toolPath().parent_path().parent_path() / "lib" / "isla-tool" / "plugins";
  std::filesystem::create_directory(files.dir / "plugins");
  for (const auto& entry : std::filesystem::directory_iterator(shipped)) {
    if (entry.path().filename() != "eros.so") {
      std::filesystem::create_symlink(entry.path(), files.dir / "plugins" / entry.path().filename());
    }
  }
  const auto run = runTool({"--no-default-plugins", "--plugin-dir", files.path("plugins"), "inspect", blueprint});
  BOOST_TEST(run.exitCode == 0, run.err);
  BOOST_TEST(contains(run.out, "skipped:\n  EROS at offset "));
  BOOST_TEST(contains(run.out, "no loaded plugin registers this tag"));
}

BOOST_AUTO_TEST_CASE(a_missing_enum_table_says_how_to_supply_one) {
  const auto run = runTool({"plugins", "--enums", "/nonexistent/enums.json"});
  BOOST_TEST(run.exitCode == 1);
  BOOST_TEST(contains(run.err, "pass --enums FILE or set ISLA_ENUMS"));
}

BOOST_AUTO_TEST_SUITE_END()
