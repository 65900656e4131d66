// SPDX-License-Identifier: MIT
#include <boost/test/unit_test.hpp>

#include <limits>

#include "sample_blueprint.hpp"
#include "test_kernel.hpp"
#include "validator_runner.hpp"

using namespace isla;
using namespace isla::test;

namespace {

Blueprint loadBlueprint(const SampleBlueprint& sample = makeSample()) {
  const auto result = load(encode(sample).v2());
  BOOST_TEST_REQUIRE(result.ok(), describe(result.diagnostics));
  return *result.blueprint;
}

// The blueprint with one record field replaced, as if the file held it.
Blueprint withField(Blueprint blueprint, FourCC tag, std::string_view field, FieldValue value) {
  for (auto& section : blueprint.sections) {
    if (section.tag != tag) continue;
    auto* record = std::get_if<Record>(&section.content);
    BOOST_TEST_REQUIRE(record, tag.text() << " did not decode to a record");
    record->set(field, std::move(value));
    return blueprint;
  }
  BOOST_FAIL(tag.text() << " is missing");
  return blueprint;
}

Diagnostics runMetadata(const Blueprint& blueprint) { return runValidator("metadata", blueprint); }

constexpr FourCC kCurve{"TCRV"};
constexpr FourCC kDetail{"TDTL"};
constexpr FourCC kErosion{"EROS"};

struct Violation {
  FourCC tag;
  const char* field;
  FieldValue value;
  const char* code;
  const char* says;  // part of the message
};

}  // namespace

BOOST_AUTO_TEST_SUITE(metadata)

BOOST_AUTO_TEST_CASE(sample_passes) {
  const auto out = runMetadata(loadBlueprint());
  BOOST_TEST(out.empty(), describe(out));
}

BOOST_AUTO_TEST_CASE(older_layouts_check_only_the_fields_they_have) {
  auto sample = makeSample();
  sample.curveVersion = 3;    // no modulation or preset extension
  sample.erosionVersion = 1;  // no depositCapM
  sample.detailVersion = 1;   // skipped: nothing to check
  const auto blueprint = loadBlueprint(sample);
  BOOST_TEST(blueprint.get<Record>(kCurve));
  BOOST_TEST(!blueprint.get<Record>(kCurve)->has("presetId"));
  BOOST_TEST(!blueprint.get<Record>(kDetail));
  const auto out = runMetadata(blueprint);
  BOOST_TEST(out.empty(), describe(out));
}

BOOST_AUTO_TEST_CASE(preset_id_3_is_out_of_range) {
  const auto& d = only(runMetadata(withField(loadBlueprint(), kCurve, "presetId", std::uint8_t{3})));
  BOOST_TEST(d.code == "metadata.out-of-range");
  BOOST_TEST((d.severity == Severity::Error));
  BOOST_TEST(d.tag->text() == "TCRV");
  BOOST_TEST(d.message ==
             "TCRV presetId 3 is out of range; expected 1 <= presetId <= 2 (1 = compact, 2 = balanced)");
}

BOOST_AUTO_TEST_CASE(a_negative_deposit_cap_means_unbounded) {
  BOOST_TEST(runMetadata(withField(loadBlueprint(), kErosion, "depositCapM", -1.0f)).empty());
  BOOST_TEST(runMetadata(withField(loadBlueprint(), kErosion, "depositCapM", 0.0f)).empty());
}

BOOST_AUTO_TEST_CASE(every_rule_reports_its_field_and_value) {
  const std::vector<Violation> violations{
      {kCurve, "shelfSpanMin", 1.5f, "metadata.misordered",
       "TCRV shelfSpanMin 1.5 is above shelfSpanMax 1; expected shelfSpanMin <= shelfSpanMax"},
      {kCurve, "benchLo", 0.9f, "metadata.misordered",
       "TCRV benchLo 0.9 is above benchHi 0.876; expected benchLo <= benchHi"},
      {kCurve, "knot3", 0.3f, "metadata.misordered",
       "TCRV knot2 0.4 is above knot3 0.3; expected knot1 <= knot2 <= knot3 <= knot4 (values 0.2, 0.4, 0.3, "
       "0.8)"},
      {kCurve, "presetId", std::uint8_t{0}, "metadata.out-of-range", "presetId 0"},
      {kDetail, "reliefAmpM", -1.0f, "metadata.out-of-range",
       "TDTL reliefAmpM -1 m is out of range; expected reliefAmpM >= 0"},
      {kDetail, "edgeAmpM", -0.5f, "metadata.out-of-range", "edgeAmpM -0.5"},
      {kDetail, "edgeAmpM", 20.0f, "metadata.misordered",
       "TDTL edgeAmpM 20 m of input height is above edgeMaxShiftM 14 m; expected edgeAmpM <= edgeMaxShiftM "
       "(edgeAmpM is recorded as applied, after the clamp to edgeMaxShiftM)"},
      {kDetail, "reliefFreqIslands", 0.0f, "metadata.out-of-range",
       "reliefFreqIslands 0 per island width is out of range; expected reliefFreqIslands > 0"},
      {kDetail, "edgeFreqIslands", -6.0f, "metadata.out-of-range", "edgeFreqIslands -6"},
      {kErosion, "dropletCount", std::int32_t{-1}, "metadata.out-of-range",
       "EROS dropletCount -1 is out of range; expected dropletCount >= 0"},
      {kErosion, "lifetime", std::int32_t{-384}, "metadata.out-of-range", "lifetime -384 steps"},
      {kErosion, "brushRadius", std::int32_t{-3}, "metadata.out-of-range", "brushRadius -3 px"},
      {kErosion, "carveCapM", -15.0f, "metadata.out-of-range", "carveCapM -15 m"},
      {kErosion, "seaMarginM", -0.5f, "metadata.out-of-range", "seaMarginM -0.5 m"},
      {kErosion, "inertia", 1.5f, "metadata.out-of-range",
       "EROS inertia 1.5 is out of range; expected 0 <= inertia <= 1"},
      {kErosion, "inertia", -0.1f, "metadata.out-of-range", "inertia -0.1"},
      {kErosion, "erodeRate", 1.01f, "metadata.out-of-range", "erodeRate 1.01"},
      {kErosion, "depositRate", -0.3f, "metadata.out-of-range", "depositRate -0.3"},
      {kErosion, "evaporation", 2.0f, "metadata.out-of-range", "evaporation 2"},
      {kErosion, "gravity", 0.0f, "metadata.out-of-range",
       "EROS gravity 0 is out of range; expected gravity > 0"},
      {kErosion, "craterExclFactor", -1.5f, "metadata.out-of-range", "craterExclFactor -1.5 x CraterRadius"},
      {kErosion, "minSlopeM", std::numeric_limits<float>::infinity(), "metadata.non-finite",
       "EROS minSlopeM inf m is not a finite number"},
      {kCurve, "spikeMax", std::numeric_limits<float>::quiet_NaN(), "metadata.non-finite",
       "TCRV spikeMax nan is not a finite number"},
  };
  for (const auto& v : violations) {
    const auto out = runMetadata(withField(loadBlueprint(), v.tag, v.field, v.value));
    BOOST_TEST_CONTEXT(v.tag.text() << " " << v.field) {
      BOOST_TEST_REQUIRE(out.items().size() == 1u, describe(out));
      const auto& d = out.items()[0];
      BOOST_TEST(d.code == v.code);
      BOOST_TEST((d.severity == Severity::Error));
      BOOST_TEST(d.tag->text() == v.tag.text());
      BOOST_TEST(d.message.find(v.says) != std::string::npos, d.message);
    }
  }
}

BOOST_AUTO_TEST_CASE(a_non_finite_value_is_one_error_not_also_a_range_error) {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  for (const char* field : {"inertia", "gravity", "carveCapM"}) {
    const auto& d = only(runMetadata(withField(loadBlueprint(), kErosion, field, nan)));
    BOOST_TEST(d.code == "metadata.non-finite");
  }
  const auto& knot = only(runMetadata(withField(loadBlueprint(), kCurve, "knot2", nan)));
  BOOST_TEST(knot.code == "metadata.non-finite");
  const auto& shift = only(runMetadata(withField(loadBlueprint(), kDetail, "edgeMaxShiftM", nan)));
  BOOST_TEST(shift.code == "metadata.non-finite");
}

BOOST_AUTO_TEST_CASE(each_violated_rule_is_one_error) {
  auto blueprint = withField(loadBlueprint(), kCurve, "knot1", 0.9f);  // above knot2, knot3 and knot4
  blueprint = withField(std::move(blueprint), kCurve, "presetId", std::uint8_t{7});
  blueprint = withField(std::move(blueprint), kErosion, "gravity", -1.0f);
  const auto out = runMetadata(blueprint);
  BOOST_TEST(out.items().size() == 3u, describe(out));
  BOOST_TEST(out.count(Severity::Error) == 3u);
}

BOOST_AUTO_TEST_CASE(equal_bounds_are_in_order) {
  auto blueprint = withField(loadBlueprint(), kDetail, "edgeAmpM", 14.0f);
  blueprint = withField(std::move(blueprint), kCurve, "shelfSpanMin", 1.0f);
  blueprint = withField(std::move(blueprint), kErosion, "inertia", 1.0f);
  BOOST_TEST(runMetadata(blueprint).empty(), describe(runMetadata(blueprint)));
}

BOOST_AUTO_TEST_SUITE_END()
