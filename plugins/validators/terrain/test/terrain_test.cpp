// SPDX-License-Identifier: MIT
#include <boost/test/unit_test.hpp>

#include <limits>

#include "sample_blueprint.hpp"
#include "test_kernel.hpp"
#include "validator_runner.hpp"
#include "tool_runner.hpp"

using namespace isla;
using namespace isla::test;

namespace {

Diagnostics runTerrain(const SampleBlueprint& sample, const OptionText& options = {}) {
  return runValidator("terrain", encode(sample), options);
}

OptionText heightRange(const std::string& text) { return {{"height-range", text}}; }

std::size_t at(std::int64_t x, std::int64_t y) { return static_cast<std::size_t>(x * 256 + y); }

}  // namespace

BOOST_AUTO_TEST_SUITE(terrain)

BOOST_AUTO_TEST_CASE(sample_passes) {
  const auto out = runTerrain(makeSample());
  BOOST_TEST(out.empty(), describe(out));
}

BOOST_AUTO_TEST_CASE(declares_the_height_range_option_with_its_default) {
  const auto options = sharedKernel().registry().validator("terrain")->object->options();
  BOOST_TEST_REQUIRE(options.size() == 1u);
  BOOST_TEST(options[0].name == "height-range");
  BOOST_TEST((options[0].type == OptionType::Numbers));
  BOOST_TEST(options[0].count == 2u);
  BOOST_TEST(options[0].separator == ':');
  BOOST_TEST(options[0].defaultValue == "-2:8");
}

BOOST_AUTO_TEST_CASE(non_finite_heights_are_one_error_with_the_first_pixel_and_counts) {
  auto sample = makeSample();
  sample.heights[at(3, 200)] = std::numeric_limits<float>::quiet_NaN();
  sample.heights[at(3, 201)] = std::numeric_limits<float>::quiet_NaN();
  sample.heights[at(9, 4)] = -std::numeric_limits<float>::infinity();
  const auto out = runTerrain(sample);
  BOOST_TEST_REQUIRE(out.items().size() == 1u, describe(out));
  const auto& d = out.items()[0];
  BOOST_TEST(d.code == "terrain.non-finite");
  BOOST_TEST((d.severity == Severity::Error));
  BOOST_TEST(d.tag->text() == "HGTS");
  BOOST_TEST(d.pixel->x == 3);
  BOOST_TEST(d.pixel->y == 200);
  BOOST_TEST(d.message.find("2 NaN and 1 infinite") != std::string::npos, d.message);
}

BOOST_AUTO_TEST_CASE(a_height_in_metres_is_implausible) {
  auto sample = makeSample();
  sample.heights[at(10, 20)] = 300.0f;  // metres written as raw
  sample.heights[at(200, 7)] = -2.5f;
  const auto out = runTerrain(sample);
  BOOST_TEST_REQUIRE(out.items().size() == 1u, describe(out));
  const auto& d = out.items()[0];
  BOOST_TEST(d.code == "terrain.implausible-height");
  BOOST_TEST((d.severity == Severity::Warning));
  BOOST_TEST(d.pixel->x == 10);
  BOOST_TEST(d.pixel->y == 20);
  BOOST_TEST(
      d.message.rfind("2 heights are outside the plausible range -2:8 raw (-502.0 m .. 2008.0 m)", 0) == 0,
      d.message);
  BOOST_TEST(d.message.find("300 raw (75300.0 m)") != std::string::npos, d.message);
}

BOOST_AUTO_TEST_CASE(the_range_ends_are_plausible) {
  auto sample = makeSample();
  sample.heights[at(10, 20)] = 8.0f;
  sample.heights[at(10, 21)] = -2.0f;
  const auto out = runTerrain(sample);
  BOOST_TEST(out.empty(), describe(out));
}

BOOST_AUTO_TEST_CASE(the_range_is_an_option) {
  // The sample's dome rises to about 0.95 raw.
  const auto out = runTerrain(makeSample(), heightRange("0:0.5"));
  BOOST_TEST_REQUIRE(out.items().size() == 1u, describe(out));
  BOOST_TEST(out.items()[0].code == "terrain.implausible-height");
  BOOST_TEST(out.items()[0].message.find("range 0:0.5 raw") != std::string::npos);
  BOOST_TEST(runTerrain(makeSample(), heightRange("-1:1")).empty());
}

BOOST_AUTO_TEST_CASE(non_finite_heights_are_not_also_implausible) {
  auto sample = makeSample();
  sample.heights[at(0, 0)] = std::numeric_limits<float>::infinity();
  const auto out = runTerrain(sample, heightRange("-1:1"));
  BOOST_TEST_REQUIRE(out.items().size() == 1u, describe(out));
  BOOST_TEST(out.items()[0].code == "terrain.non-finite");
}

// Text that is not two numbers is the kernel's option error; two numbers
// whose MIN is not below MAX are this validator's own rule.
BOOST_AUTO_TEST_CASE(bad_range_text_is_an_option_error_naming_what_it_takes) {
  for (const char* text : {"abc", "1:", ":2", "1:2:3", "nan:1", "1 :2", ""}) {
    BOOST_CHECK_EXCEPTION(runTerrain(makeSample(), heightRange(text)), OptionError, [&](const OptionError& error) {
      return std::string(error.what()) ==
             std::string("terrain: option 'height-range' takes 2 numbers joined by ':', not '") + text + "'";
    });
  }
}

BOOST_AUTO_TEST_CASE(a_range_whose_min_is_not_below_its_max_is_an_error_that_shows_how_to_write_it) {
  for (const char* text : {"8:-2", "1:1"}) {
    const auto out = runTerrain(makeSample(), heightRange(text));
    BOOST_TEST_REQUIRE(out.items().size() == 1u, text << ": " << describe(out));
    const auto& d = out.items()[0];
    BOOST_TEST(d.code == "terrain.bad-height-range");
    BOOST_TEST((d.severity == Severity::Error));
    BOOST_TEST(d.message.find(std::string("'") + text + "'") != std::string::npos, d.message);
    BOOST_TEST(d.message.find("--height-range -2:8 (-502.0 m .. 2008.0 m)") != std::string::npos, d.message);
  }
}

BOOST_AUTO_TEST_CASE(a_bad_range_still_checks_finiteness) {
  auto sample = makeSample();
  sample.heights[at(1, 1)] = std::numeric_limits<float>::quiet_NaN();
  const auto out = runTerrain(sample, heightRange("8:-2"));
  BOOST_TEST(out.items().size() == 2u, describe(out));
  BOOST_TEST(out.find("terrain.non-finite"));
  BOOST_TEST(out.find("terrain.bad-height-range"));
}

BOOST_AUTO_TEST_CASE(the_option_is_a_flag_of_validate) {
  const TempDir dir;
  writeFile(dir / "island.dat", encode(makeSample()).v2());
  const auto file = (dir / "island.dat").string();
  BOOST_TEST(runTool({"validate", "--only", "terrain", file}).exitCode == 0);
  const auto narrow = runTool({"validate", "--only", "terrain", "--height-range", "0:0.5", file});
  BOOST_TEST(narrow.exitCode == 0, narrow.err);  // a warning
  BOOST_TEST(narrow.err.find("[terrain.implausible-height]") != std::string::npos, narrow.err);
  const auto bad = runTool({"validate", "--only", "terrain", "--height-range", "low:high", file});
  BOOST_TEST(bad.exitCode == 2, bad.err);
  BOOST_TEST(bad.err.find("validator 'terrain' (plugin terrain): option 'height-range' takes 2 numbers joined by "
                          "':', not 'low:high'") != std::string::npos,
             bad.err);
  const auto reversed = runTool({"validate", "--only", "terrain", "--height-range", "8:-2", file});
  BOOST_TEST(reversed.exitCode == 1, reversed.err);
  BOOST_TEST(reversed.err.find("[terrain.bad-height-range]") != std::string::npos, reversed.err);
}

BOOST_AUTO_TEST_SUITE_END()
