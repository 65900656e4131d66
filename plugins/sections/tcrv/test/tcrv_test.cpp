// SPDX-License-Identifier: MIT
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <bit>

#include <isla/container/blueprint_writer.hpp>

#include "sample_blueprint.hpp"
#include "section_fixture.hpp"
#include "test_kernel.hpp"

using namespace isla;
using namespace isla::test;

namespace {

constexpr FourCC kTag{"TCRV"};

const std::vector<std::string> kBase{"curveVersion", "knot1",   "knot2",      "knot3",   "knot4",
                                     "spikeMax",     "sea",     "orangeCeil", "redCeil", "benchLo",
                                     "benchHi",      "peakCap", "tailSlope"};
const std::vector<std::string> kModulation{
    "benchAmp",        "plateauAmp",        "shelfSpanMin",
    "shelfSpanMax",    "elevFreqIslands",   "strengthFreqIslands",
    "benchSeedOffset", "plateauSeedOffset", "strengthSeedOffset"};
const std::vector<std::string> kPreset{"presetId", "k5", "k6"};

std::vector<std::string> expectedFields(std::uint16_t version) {
  std::vector<std::string> names = kBase;
  if (version >= 4) names.insert(names.end(), kModulation.begin(), kModulation.end());
  if (version >= 5) names.insert(names.end(), kPreset.begin(), kPreset.end());
  return names;
}

std::vector<std::byte> reencode(const Section& section) {
  ByteWriter out;
  section.codec->encode(section.content, out, EncodeContext{});
  return out.flatten();
}

}  // namespace

BOOST_AUTO_TEST_SUITE(tcrv)

BOOST_AUTO_TEST_CASE(each_version_decodes_its_field_set_and_values) {
  for (std::uint16_t version = 1; version <= 5; ++version) {
    BOOST_TEST_CONTEXT("curveVersion " << version) {
      const auto result = load(sampleWith(kTag, encodeCurve(version)).v2());
      BOOST_TEST_REQUIRE(result.ok(), describe(result.diagnostics));
      const auto* curve = result.blueprint->get<Record>(kTag);
      BOOST_TEST_REQUIRE(curve);
      BOOST_TEST(fieldNames(*curve) == expectedFields(version), boost::test_tools::per_element());
      BOOST_TEST(curve->as<std::uint16_t>("curveVersion") == version);
      BOOST_TEST(curve->as<float>("knot1") == 0.2f);
      BOOST_TEST(curve->as<float>("spikeMax") == 1.7f);
      BOOST_TEST(curve->as<float>("benchHi") == 0.876f);
      BOOST_TEST(curve->as<float>("tailSlope") == 0.25f);
      if (version >= 4) {
        BOOST_TEST(curve->as<float>("benchAmp") == 0.048f);
        BOOST_TEST(curve->as<float>("strengthFreqIslands") == 2.0f);
        BOOST_TEST(curve->as<std::int32_t>("benchSeedOffset") == 101);
        BOOST_TEST(curve->as<std::int32_t>("strengthSeedOffset") == 303);
      }
      if (version >= 5) {
        BOOST_TEST(curve->as<std::uint8_t>("presetId") == 2);
        BOOST_TEST(curve->as<float>("k5") == 0.930304f);
        BOOST_TEST(curve->as<float>("k6") == 1.050720f);
      }
    }
  }
}

BOOST_AUTO_TEST_CASE(each_version_round_trips_byte_identically) {
  for (std::uint16_t version = 1; version <= 5; ++version) {
    BOOST_TEST_CONTEXT("curveVersion " << version) {
      const auto result = load(sampleWith(kTag, encodeCurve(version)).v2());
      BOOST_TEST_REQUIRE(result.ok(), describe(result.diagnostics));
      BOOST_TEST((reencode(*result.blueprint->find(kTag)) == encodeCurve(version)));
    }
  }
}

BOOST_AUTO_TEST_CASE(float_bits_survive_including_nan_payloads) {
  auto payload = encodeCurve(5);
  patchU32(payload, 2, 0x7FC0BEEFu);   // knot1: a quiet NaN with a payload
  patchU32(payload, 6, 0xFFA00001u);   // knot2: a negative signalling NaN
  patchU32(payload, 10, 0x80000000u);  // knot3: -0
  const auto result = load(sampleWith(kTag, payload).v2());
  BOOST_TEST_REQUIRE(result.ok(), describe(result.diagnostics));
  const auto& section = *result.blueprint->find(kTag);
  BOOST_TEST(std::bit_cast<std::uint32_t>(section.as<Record>()->as<float>("knot1")) == 0x7FC0BEEFu);
  BOOST_TEST((reencode(section) == payload));
}

BOOST_AUTO_TEST_CASE(versions_0_and_6_are_skipped_and_kept_byte_for_byte) {
  auto future = encodeCurve(5);
  patchU16(future, 0, 6);
  future.resize(future.size() + 7, std::byte{0x5A});  // a grown layout
  auto zero = encodeCurve(3);
  patchU16(zero, 0, 0);
  for (const auto& payload : {zero, future}) {
    const auto version = std::to_integer<int>(payload[0]);
    BOOST_TEST_CONTEXT("curveVersion " << version) {
      const auto builder = sampleWith(kTag, payload);
      const auto bytes = builder.v2();
      const auto result = load(bytes);
      BOOST_TEST_REQUIRE(result.ok(), describe(result.diagnostics));
      const auto& section = *result.blueprint->find(kTag);
      BOOST_TEST((section.status == SectionStatus::Skipped));
      BOOST_TEST(section.note == "curveVersion " + std::to_string(version) +
                                     " is not a layout this reader knows (it reads 1, 2, 3, 4, 5); "
                                     "curve metadata left null");
      const auto* d = result.diagnostics.find("section.skipped");
      BOOST_TEST_REQUIRE(d);
      BOOST_TEST((d->severity == Severity::Warning));
      BOOST_TEST(d->tag->text() == "TCRV");
      const auto& kept = std::get<OpaqueBytes>(section.content);
      BOOST_TEST((std::vector<std::byte>(kept.bytes.begin(), kept.bytes.end()) == payload));
      BOOST_TEST((writtenBack(*result.blueprint) == bytes));
    }
  }
}

BOOST_AUTO_TEST_CASE(payloads_of_0_and_1_byte_are_too_short) {
  for (const std::size_t length : {0u, 1u}) {
    auto builder = sampleWith(kTag, std::vector<std::byte>(length, std::byte{5}));
    const auto result = load(builder.v2());
    const auto* d = result.diagnostics.find("tcrv.too-short");
    BOOST_TEST_REQUIRE(d, describe(result.diagnostics));
    BOOST_TEST(d->message == "the payload is " + std::to_string(length) +
                                 " bytes, too short for its u16 curveVersion");
    BOOST_TEST(*d->offset == builder.offsetOf(kTag) + 12);
    BOOST_TEST((result.blueprint->find(kTag)->status == SectionStatus::Failed));
  }
}

BOOST_AUTO_TEST_CASE(a_known_version_of_the_wrong_length_names_both_sizes) {
  auto shortened = encodeCurve(5);
  shortened.resize(90);
  auto relabelled = encodeCurve(4);  // a v4 body claiming v3
  patchU16(relabelled, 0, 3);
  const std::pair<std::vector<std::byte>, std::string> cases[] = {
      {shortened, "curveVersion 5 needs 95 bytes, the payload has 90"},
      {relabelled, "curveVersion 3 needs 50 bytes, the payload has 86"},
  };
  for (const auto& [payload, message] : cases) {
    const auto result = load(sampleWith(kTag, payload).v2());
    const auto* d = result.diagnostics.find("tcrv.bad-length");
    BOOST_TEST_REQUIRE(d, describe(result.diagnostics));
    BOOST_TEST(d->message == message);
    BOOST_TEST(!result.ok());
  }
}

BOOST_AUTO_TEST_CASE(summary_states_the_unserialised_knots_of_v3_and_v4) {
  const std::uint16_t versions[] = {3, 4};
  for (const std::uint16_t version : versions) {
    const auto result = load(sampleWith(kTag, encodeCurve(version)).v2());
    const auto summary = summaryOf(*result.blueprint->find(kTag));
    const auto& constants = summary.json.at("version_constants").as_object();
    BOOST_TEST(constants.at("k5").as_double() == 0.930304);
    BOOST_TEST(constants.at("k6").as_double() == 1.05072);
    BOOST_TEST(!summary.json.contains("k5"));
    BOOST_TEST(summary.brief ==
               "curveVersion " + std::to_string(version) +
                   ": knots 0.2, 0.4, 0.6, 0.8 (K5 0.930304, K6 1.05072 constants); "
                   "spikeMax 1.7");
    BOOST_TEST(std::count(summary.details.begin(), summary.details.end(),
                          "K5 = 0.930304, K6 = 1.05072: constants of curveVersion " +
                              std::to_string(version) + ", not serialised") == 1);
  }
}

BOOST_AUTO_TEST_CASE(summary_of_v5_names_the_preset_and_every_field) {
  const auto result = load(sampleWith(kTag, encodeCurve(5)).v2());
  const auto summary = summaryOf(*result.blueprint->find(kTag));
  BOOST_TEST(summary.brief ==
             "curveVersion 5 (balanced preset): knots 0.2, 0.4, 0.6, 0.8, 0.930304, 1.05072; "
             "spikeMax 1.7");
  BOOST_TEST(summary.json.at("preset").as_string() == "balanced");
  BOOST_TEST(!summary.json.contains("version_constants"));
  for (const auto& name : expectedFields(5)) BOOST_TEST(summary.json.contains(name), name);
  BOOST_TEST(summary.json.at("curveVersion").as_int64() == 5);
  BOOST_TEST(summary.json.at("sea").as_double() == 0.15);
  BOOST_TEST(summary.json.at("plateauSeedOffset").as_int64() == 202);
  BOOST_TEST(summary.details.at(1) == "knot1: 0.2");
}

BOOST_AUTO_TEST_CASE(summary_of_v1_and_v2_has_no_version_constants) {
  const std::uint16_t versions[] = {1, 2};
  for (const std::uint16_t version : versions) {
    const auto result = load(sampleWith(kTag, encodeCurve(version)).v2());
    const auto summary = summaryOf(*result.blueprint->find(kTag));
    BOOST_TEST(!summary.json.contains("version_constants"));
    BOOST_TEST(summary.brief == "curveVersion " + std::to_string(version) +
                                    ": knots 0.2, 0.4, 0.6, 0.8; spikeMax 1.7");
  }
}

BOOST_AUTO_TEST_CASE(is_optional) {
  auto builder = encode(makeSample());
  builder.remove(kTag);
  const auto result = load(builder.v2());
  for (const auto& d : result.diagnostics.items()) {
    BOOST_TEST(!(d.tag && *d.tag == kTag), formatDiagnostic(d));
  }
}

BOOST_AUTO_TEST_SUITE_END()
