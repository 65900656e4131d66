// SPDX-License-Identifier: MIT
// isla-tool synth as a user runs it.
#include <boost/test/unit_test.hpp>

#include <cstdlib>
#include <filesystem>

#include "synth_fixture.hpp"
#include "tool_runner.hpp"

using namespace isla;
using namespace isla::test;

namespace {

// SOURCE_DATE_EPOCH of 2000-01-01T00:00:00Z, the fixed GeneratedUtc: the
// output is then the library's whatever the caller's environment says.
const std::map<std::string, std::string> kEpoch2000{{"SOURCE_DATE_EPOCH", "946684800"}};

bool mentions(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(synth_command)

BOOST_AUTO_TEST_CASE(writes_the_blueprint_the_library_makes) {
  TempDir dir;
  const auto out = dir / "island.dat";
  const ToolRun run = runTool({"synth", "--seed", "12", "--size", "300", "--out", out.string(), "--threads",
                               "2", "--lakes", "4", "--erosion"},
                              kEpoch2000);
  BOOST_TEST_REQUIRE(run.exitCode == 0, run.err);
  BOOST_TEST(mentions(run.out, "wrote " + out.string()));
  auto settings = synthSettings(12, 300);
  settings.lakes = 4;
  settings.erosion = true;
  BOOST_TEST((readFile(out) == synthBytes(settings)));
  BOOST_TEST(runTool({"validate", out.string()}).exitCode == 0);
}

BOOST_AUTO_TEST_CASE(without_source_date_epoch_the_time_is_fixed) {
  TempDir dir;
  const auto out = dir / "island.dat";
  BOOST_TEST_REQUIRE(runTool({"synth", "--seed", "3", "--size", "256", "--out", out.string()},
                             {{"SOURCE_DATE_EPOCH", std::string(kUnset)}})
                         .exitCode == 0);
  BOOST_TEST((readFile(out) == synthBytes(synthSettings(3, 256))));
}

BOOST_AUTO_TEST_CASE(source_date_epoch_sets_generated_utc) {
  TempDir dir;
  const auto out = dir / "island.dat";
  BOOST_TEST_REQUIRE(runTool({"synth", "--seed", "3", "--size", "256", "--out", out.string()},
                             {{"SOURCE_DATE_EPOCH", "86400"}})
                         .exitCode == 0);
  const auto bytes = readFile(out);
  const std::string text(reinterpret_cast<const char*>(bytes.data()), 200);
  BOOST_TEST(mentions(text, "1970-01-02T00:00:00Z"));
}

BOOST_AUTO_TEST_CASE(writes_legacy_v1) {
  TempDir dir;
  const auto out = dir / "legacy.dat";
  BOOST_TEST_REQUIRE(
      runTool({"synth", "--seed", "3", "--size", "256", "--out", out.string(), "--v1"}).exitCode == 0);
  const auto bytes = readFile(out);
  BOOST_TEST_REQUIRE(!bytes.empty());
  BOOST_TEST(static_cast<int>(bytes[0]) == 7);  // the length prefix of "ISLA_V1"
}

BOOST_AUTO_TEST_CASE(refuses_an_existing_output_unless_overwrite) {
  TempDir dir;
  const auto out = dir / "taken.dat";
  writeFile(out, std::as_bytes(std::span("keep", 4)));
  const std::vector<std::string> arguments{"synth", "--seed", "3", "--size", "256", "--out", out.string()};
  const ToolRun refused = runTool(arguments);
  BOOST_TEST(refused.exitCode == 1);
  BOOST_TEST(mentions(refused.err, "already exists"), refused.err);
  BOOST_TEST(std::filesystem::file_size(out) == 4U);

  auto replacing = arguments;
  replacing.push_back("--overwrite");
  BOOST_TEST(runTool(replacing).exitCode == 0);
  BOOST_TEST(std::filesystem::file_size(out) > 256U * 256U);
  // Nothing but the output is left in the directory: no stage.
  BOOST_TEST(std::distance(std::filesystem::directory_iterator(dir.path()), {}) == 1);
}

BOOST_AUTO_TEST_CASE(refuses_seed_zero_and_bad_sizes_as_usage_errors) {
  TempDir dir;
  const auto out = (dir / "never.dat").string();
  const ToolRun zero = runTool({"synth", "--seed", "0", "--size", "256", "--out", out});
  BOOST_TEST(zero.exitCode == 2);
  BOOST_TEST(mentions(zero.err, "sentinel"), zero.err);
  for (const char* size : {"255", "32769", "-5", "big"}) {
    const ToolRun bad = runTool({"synth", "--seed", "1", "--size", size, "--out", out});
    BOOST_TEST(bad.exitCode == 2, size << ": " << bad.err);
  }
  const ToolRun missing = runTool({"synth", "--size", "256", "--out", out});
  BOOST_TEST(missing.exitCode == 2);
  BOOST_TEST(!std::filesystem::exists(out));
}

BOOST_AUTO_TEST_SUITE_END()
