// SPDX-License-Identifier: MIT
#include <boost/test/unit_test.hpp>

#include "sample_blueprint.hpp"
#include "test_kernel.hpp"
#include "validator_runner.hpp"
#include "tool_runner.hpp"

using namespace isla;
using namespace isla::test;

namespace {

Diagnostics runServerConfig(const OptionText& options, const SampleBlueprint& sample = makeSample()) {
  return runValidator("server-config", encode(sample), options);
}

// Writes `json` as ServerConfig.json in `dir` and runs the validator on it.
Diagnostics withConfig(const TempDir& dir, const std::string& json,
                       const SampleBlueprint& sample = makeSample()) {
  const auto path = dir / "ServerConfig.json";
  writeFile(path, toBytes(json));
  return runServerConfig({{"server-config", path.string()}}, sample);
}

}  // namespace

BOOST_AUTO_TEST_SUITE(server_config)

BOOST_AUTO_TEST_CASE(declares_the_server_config_path_option) {
  const auto options = sharedKernel().registry().validator("server-config")->object->options();
  BOOST_TEST_REQUIRE(options.size() == 1u);
  BOOST_TEST(options[0].name == "server-config");
  BOOST_TEST((options[0].type == OptionType::Path));
}

BOOST_AUTO_TEST_CASE(without_the_option_nothing_is_checked) {
  const auto out = runServerConfig({});
  BOOST_TEST(out.empty(), describe(out));
}

BOOST_AUTO_TEST_CASE(a_matching_config_passes_and_other_keys_are_ignored) {
  const TempDir dir;
  const auto out = withConfig(dir, R"({"WorldSeed": 1234, "MapSize": 256, "Port": 7777, "Name": "isla"})");
  BOOST_TEST(out.empty(), describe(out));
}

BOOST_AUTO_TEST_CASE(a_different_seed_is_a_desync_warning) {
  const TempDir dir;
  const auto& d = only(withConfig(dir, R"({"WorldSeed": 99, "MapSize": 256})"));
  BOOST_TEST(d.code == "server-config.seed-desync");
  BOOST_TEST((d.severity == Severity::Warning));
  BOOST_TEST(d.message.rfind("DESYNC: ", 0) == 0, d.message);
  BOOST_TEST(says(d, "has WorldSeed 99 but this blueprint was generated with seed 1234"), d.message);
  BOOST_TEST(says(d, "MapData_Seed_99.dat"), d.message);
  BOOST_TEST(says(d, "set WorldSeed to 1234"), d.message);
}

BOOST_AUTO_TEST_CASE(a_different_map_size_is_a_desync_warning) {
  const TempDir dir;
  const auto& d = only(withConfig(dir, R"({"WorldSeed": 1234, "MapSize": 8192})"));
  BOOST_TEST(d.code == "server-config.map-size-desync");
  BOOST_TEST((d.severity == Severity::Warning));
  BOOST_TEST(d.message.rfind("DESYNC: ", 0) == 0, d.message);
  BOOST_TEST(says(d, "has MapSize 8192 but this blueprint's MapSize is 256"), d.message);
}

BOOST_AUTO_TEST_CASE(config_seed_zero_explains_hazard_h4) {
  const TempDir dir;
  const auto& d = only(withConfig(dir, R"({"WorldSeed": 0, "MapSize": 256})"));
  BOOST_TEST(d.code == "server-config.seed-zero");
  BOOST_TEST((d.severity == Severity::Warning));
  BOOST_TEST(says(d, "\"randomize\""), d.message);
  BOOST_TEST(says(d, "MapData_Seed_<WorldSeed>.dat"), d.message);
  BOOST_TEST(says(d, "never finds the blueprint it just generated"), d.message);
  BOOST_TEST(says(d, "set WorldSeed to 1234"), d.message);
}

BOOST_AUTO_TEST_CASE(blueprint_seed_zero_skips_the_seed_check_with_a_note) {
  auto sample = makeSample();
  sample.worldSeed = 0;  // a re-encode of a v1 file
  const TempDir dir;
  const auto& d = only(withConfig(dir, R"({"WorldSeed": 99, "MapSize": 256})", sample));
  BOOST_TEST(d.code == "server-config.seed-sentinel");
  BOOST_TEST((d.severity == Severity::Info));
  BOOST_TEST(says(d, "re-encode sentinel"), d.message);
}

BOOST_AUTO_TEST_CASE(both_seeds_zero_still_warn_about_the_config) {
  auto sample = makeSample();
  sample.worldSeed = 0;
  const TempDir dir;
  const auto& d = only(withConfig(dir, R"({"WorldSeed": 0, "MapSize": 256})", sample));
  BOOST_TEST(d.code == "server-config.seed-zero");
  BOOST_TEST(says(d, "does not record it"), d.message);
}

BOOST_AUTO_TEST_CASE(an_absent_key_skips_its_check_with_a_note) {
  const TempDir dir;
  const auto out = withConfig(dir, R"({"MapSize": 512})");
  BOOST_TEST(out.items().size() == 2u, describe(out));
  const auto* absent = out.find("server-config.key-absent");
  BOOST_TEST_REQUIRE(absent);
  BOOST_TEST((absent->severity == Severity::Info));
  BOOST_TEST(says(*absent, "no \"WorldSeed\" key"), absent->message);
  BOOST_TEST(out.find("server-config.map-size-desync"));
}

BOOST_AUTO_TEST_CASE(a_missing_file_is_unreadable) {
  const TempDir dir;
  const auto path = (dir / "nowhere.json").string();
  const auto& d = only(runServerConfig({{"server-config", path}}));
  BOOST_TEST(d.code == "server-config.unreadable");
  BOOST_TEST((d.severity == Severity::Error));
  BOOST_TEST(says(d, "cannot open '" + path + "': No such file or directory"), d.message);
  BOOST_TEST(says(d, "--server-config"), d.message);
}

BOOST_AUTO_TEST_CASE(a_directory_is_unreadable) {
  const TempDir dir;
  const auto& d = only(runServerConfig({{"server-config", dir.path().string()}}));
  BOOST_TEST(d.code == "server-config.unreadable");
  BOOST_TEST(says(d, "is a directory"), d.message);
}

BOOST_AUTO_TEST_CASE(bad_json_is_unreadable_and_located) {
  const TempDir dir;
  const auto& d = only(withConfig(dir, "{\n  \"WorldSeed\": 1234,\n  \"MapSize\": 256,\n}"));
  BOOST_TEST(d.code == "server-config.unreadable");
  BOOST_TEST(says(d, "ServerConfig.json' is not valid JSON"), d.message);
  BOOST_TEST(says(d, "line 4, column 1"), d.message);
}

BOOST_AUTO_TEST_CASE(a_config_that_is_not_an_object_is_unreadable) {
  const TempDir dir;
  const auto& d = only(withConfig(dir, "[1234, 256]"));
  BOOST_TEST(d.code == "server-config.unreadable");
  BOOST_TEST(says(d, "holds an array, not a JSON object"), d.message);
}

BOOST_AUTO_TEST_CASE(wrong_typed_keys_are_unreadable) {
  const std::vector<std::pair<std::string, std::string>> cases{
      {R"({"WorldSeed": "1234", "MapSize": 256})", "\"WorldSeed\" is a string"},
      {R"({"WorldSeed": 1234, "MapSize": 256.0})", "\"MapSize\" is a number with a fraction or exponent"},
      {R"({"WorldSeed": 4294967296, "MapSize": 256})",
       "\"WorldSeed\" is 4294967296, outside the 32-bit range"},
      {R"({"WorldSeed": null, "MapSize": 256})", "\"WorldSeed\" is null"},
  };
  for (const auto& [json, says_] : cases) {
    const TempDir dir;
    const auto& d = only(withConfig(dir, json));
    BOOST_TEST(d.code == "server-config.unreadable");
    BOOST_TEST(says(d, says_), d.message);
    BOOST_TEST(says(d, "must be a 32-bit integer"), d.message);
  }
}

BOOST_AUTO_TEST_CASE(the_option_is_a_flag_of_validate) {
  const TempDir dir;
  writeFile(dir / "island.dat", encode(makeSample()).v2());
  writeFile(dir / "ServerConfig.json", toBytes(R"({"WorldSeed": 99, "MapSize": 256})"));
  const auto run = runTool({"validate", "--only", "server-config", "--server-config",
                            (dir / "ServerConfig.json").string(), (dir / "island.dat").string()});
  BOOST_TEST(run.exitCode == 0, run.err);  // a desync is a warning
  BOOST_TEST(run.err.find("DESYNC: ") != std::string::npos, run.err);
  BOOST_TEST(run.err.find("[server-config.seed-desync]") != std::string::npos, run.err);
  const auto strict = runTool({"validate", "--strict", "--only", "server-config", "--server-config",
                               (dir / "ServerConfig.json").string(), (dir / "island.dat").string()});
  BOOST_TEST(strict.exitCode == 1, strict.err);
}

BOOST_AUTO_TEST_SUITE_END()
