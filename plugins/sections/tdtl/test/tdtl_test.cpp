// SPDX-License-Identifier: MIT
#include <boost/test/unit_test.hpp>

#include <isla/container/blueprint_writer.hpp>

#include "sample_blueprint.hpp"
#include "section_fixture.hpp"
#include "test_kernel.hpp"

using namespace isla;
using namespace isla::test;

namespace {

constexpr FourCC kTag{"TDTL"};

}  // namespace

BOOST_AUTO_TEST_SUITE(tdtl)

BOOST_AUTO_TEST_CASE(v2_decodes_every_field_by_name) {
  const auto result = load(encode(makeSample()).v2());
  BOOST_TEST_REQUIRE(result.ok(), describe(result.diagnostics));
  const auto* detail = result.blueprint->get<Record>(kTag);
  BOOST_TEST_REQUIRE(detail);
  BOOST_TEST(detail->layout().fields().size() == 8u);
  BOOST_TEST(detail->as<std::uint16_t>("detailVersion") == 2);
  BOOST_TEST(detail->as<float>("reliefAmpM") == 3.0f);
  BOOST_TEST(detail->as<float>("reliefFreqIslands") == 24.0f);
  BOOST_TEST(detail->as<std::int32_t>("reliefSeedOffset") == 404);
  BOOST_TEST(detail->as<float>("edgeAmpM") == 12.0f);
  BOOST_TEST(detail->as<float>("edgeFreqIslands") == 6.0f);
  BOOST_TEST(detail->as<std::int32_t>("edgeSeedOffset") == 505);
  BOOST_TEST(detail->as<float>("edgeMaxShiftM") == 14.0f);
}

BOOST_AUTO_TEST_CASE(v2_round_trips_byte_identically_with_nan_bits) {
  auto payload = encodeDetail(2);
  patchU32(payload, 2, 0x7FC01234u);  // reliefAmpM
  const auto result = load(sampleWith(kTag, payload).v2());
  BOOST_TEST_REQUIRE(result.ok(), describe(result.diagnostics));
  const auto& section = *result.blueprint->find(kTag);
  ByteWriter out;
  section.codec->encode(section.content, out, EncodeContext{});
  BOOST_TEST((out.flatten() == payload));
}

BOOST_AUTO_TEST_CASE(v1_and_v9_are_skipped_naming_the_version) {
  const std::pair<std::uint16_t, std::size_t> cases[] = {{1, 38}, {9, 30}};
  for (const auto& [version, length] : cases) {
    BOOST_TEST_CONTEXT("detailVersion " << version) {
      const auto payload = encodeDetail(version, length);
      const auto bytes = sampleWith(kTag, payload).v2();
      const auto result = load(bytes);
      BOOST_TEST_REQUIRE(result.ok(), describe(result.diagnostics));
      const auto& section = *result.blueprint->find(kTag);
      BOOST_TEST((section.status == SectionStatus::Skipped));
      BOOST_TEST(section.note == "detailVersion " + std::to_string(version) +
                                     " is not a layout this reader knows (it reads 2); detail "
                                     "metadata left null");
      BOOST_TEST_REQUIRE(result.diagnostics.find("section.skipped"));
      BOOST_TEST((result.diagnostics.find("section.skipped")->severity == Severity::Warning));
      BOOST_TEST(!result.blueprint->get<Record>(kTag));
      const auto& kept = std::get<OpaqueBytes>(section.content).bytes;
      BOOST_TEST((std::vector<std::byte>(kept.begin(), kept.end()) == payload));
      BOOST_TEST((writtenBack(*result.blueprint) == bytes));
    }
  }
}

BOOST_AUTO_TEST_CASE(payloads_of_0_and_1_byte_are_too_short) {
  for (const std::size_t length : {0u, 1u}) {
    const auto result = load(sampleWith(kTag, std::vector<std::byte>(length, std::byte{2})).v2());
    const auto* d = result.diagnostics.find("tdtl.too-short");
    BOOST_TEST_REQUIRE(d, describe(result.diagnostics));
    BOOST_TEST(d->message == "the payload is " + std::to_string(length) +
                                 " bytes, too short for its u16 detailVersion");
    BOOST_TEST((result.blueprint->find(kTag)->status == SectionStatus::Failed));
  }
}

BOOST_AUTO_TEST_CASE(v2_of_another_length_is_a_bad_length) {
  for (const std::size_t length : {26u, 34u}) {
    auto payload = encodeDetail(2);
    payload.resize(length);
    const auto builder = sampleWith(kTag, payload);
    const auto result = load(builder.v2());
    const auto* d = result.diagnostics.find("tdtl.bad-length");
    BOOST_TEST_REQUIRE(d, describe(result.diagnostics));
    BOOST_TEST(d->message ==
               "detailVersion 2 needs 30 bytes, the payload has " + std::to_string(length));
    BOOST_TEST(*d->offset == builder.offsetOf(kTag) + 12);
    BOOST_TEST(!result.ok());
  }
}

BOOST_AUTO_TEST_CASE(summary_gives_every_field_and_a_brief) {
  const auto result = load(encode(makeSample()).v2());
  const auto& section = *result.blueprint->find(kTag);
  const auto summary = summaryOf(section);
  BOOST_TEST(summary.brief ==
             "detailVersion 2: relief ±3 m at 24/island, shelf edge ±12 m (max 14 m) at 6/island");
  BOOST_TEST(summary.json.size() == 8u);
  BOOST_TEST(summary.json.at("detailVersion").as_int64() == 2);
  BOOST_TEST(summary.json.at("edgeSeedOffset").as_int64() == 505);
  BOOST_TEST(summary.json.at("edgeMaxShiftM").as_double() == 14.0);
  BOOST_TEST(summary.details.at(5) == "edgeFreqIslands: 6 per island width");
}

BOOST_AUTO_TEST_SUITE_END()
