// SPDX-License-Identifier: MIT
#include <boost/test/unit_test.hpp>

#include <isla/container/blueprint_writer.hpp>

#include "sample_blueprint.hpp"
#include "section_fixture.hpp"
#include "test_kernel.hpp"

using namespace isla;
using namespace isla::test;

namespace {

constexpr FourCC kTag{"EROS"};

const std::vector<std::string> kV2Fields{
    "erosionVersion", "dropletCount", "lifetime", "brushRadius",     "seedOffset", "carveCapM",
    "depositCapM",    "seaMarginM",   "inertia",  "capacityFactor",  "minSlopeM",  "erodeRate",
    "depositRate",    "evaporation",  "gravity",  "craterExclFactor"};

LoadResult loadErosion(std::vector<std::byte> payload) { return load(sampleWith(kTag, std::move(payload)).v2()); }

}  // namespace

BOOST_AUTO_TEST_SUITE(eros)

BOOST_AUTO_TEST_CASE(v2_decodes_sixteen_fields_in_spec_order) {
  const auto result = loadErosion(encodeErosion(2));
  BOOST_TEST_REQUIRE(result.ok(), describe(result.diagnostics));
  const auto* erosion = result.blueprint->get<Record>(kTag);
  BOOST_TEST_REQUIRE(erosion);
  BOOST_TEST(fieldNames(*erosion) == kV2Fields, boost::test_tools::per_element());
  BOOST_TEST(erosion->as<std::int32_t>("dropletCount") == 250000);
  BOOST_TEST(erosion->as<std::int32_t>("seedOffset") == 606);
  BOOST_TEST(erosion->as<float>("carveCapM") == 15.0f);
  BOOST_TEST(erosion->as<float>("depositCapM") == 6.0f);
  BOOST_TEST(erosion->as<float>("seaMarginM") == 0.5f);
  BOOST_TEST(erosion->as<float>("craterExclFactor") == 1.5f);
}

BOOST_AUTO_TEST_CASE(v1_decodes_the_v2_fields_without_deposit_cap) {
  const auto result = loadErosion(encodeErosion(1));
  BOOST_TEST_REQUIRE(result.ok(), describe(result.diagnostics));
  const auto* erosion = result.blueprint->get<Record>(kTag);
  BOOST_TEST_REQUIRE(erosion);
  auto expected = kV2Fields;
  std::erase(expected, "depositCapM");
  BOOST_TEST(fieldNames(*erosion) == expected, boost::test_tools::per_element());
  BOOST_TEST(erosion->as<std::uint16_t>("erosionVersion") == 1);
  BOOST_TEST(erosion->as<float>("carveCapM") == 15.0f);
  BOOST_TEST(erosion->as<float>("seaMarginM") == 0.5f);  // right after carveCapM in v1
  BOOST_TEST(erosion->as<float>("gravity") == 4.0f);
}

BOOST_AUTO_TEST_CASE(v1_and_v2_round_trip_byte_identically) {
  const std::uint16_t versions[] = {1, 2};
  for (const std::uint16_t version : versions) {
    auto payload = encodeErosion(version);
    patchU32(payload, payload.size() - 4, 0xFF800001u);  // craterExclFactor: a signalling NaN
    const auto result = loadErosion(payload);
    BOOST_TEST_REQUIRE(result.ok(), describe(result.diagnostics));
    const auto& section = *result.blueprint->find(kTag);
    ByteWriter out;
    section.codec->encode(section.content, out, EncodeContext{});
    BOOST_TEST((out.flatten() == payload), "erosionVersion " << version);
  }
}

BOOST_AUTO_TEST_CASE(v1_of_62_bytes_and_v2_of_58_bytes_are_bad_lengths) {
  auto v1AsLong = encodeErosion(2);
  patchU16(v1AsLong, 0, 1);
  auto v2AsShort = encodeErosion(1);
  patchU16(v2AsShort, 0, 2);
  const std::pair<std::vector<std::byte>, std::string> cases[] = {
      {v1AsLong, "erosionVersion 1 needs 58 bytes, the payload has 62"},
      {v2AsShort, "erosionVersion 2 needs 62 bytes, the payload has 58"},
  };
  for (const auto& [payload, message] : cases) {
    const auto builder = sampleWith(kTag, payload);
    const auto result = load(builder.v2());
    const auto* d = result.diagnostics.find("eros.bad-length");
    BOOST_TEST_REQUIRE(d, describe(result.diagnostics));
    BOOST_TEST(d->message == message);
    BOOST_TEST(*d->offset == builder.offsetOf(kTag) + 12);
    BOOST_TEST((result.blueprint->find(kTag)->status == SectionStatus::Failed));
  }
}

BOOST_AUTO_TEST_CASE(v3_is_skipped_and_kept) {
  const auto payload = encodeErosion(3, 70);
  const auto result = loadErosion(payload);
  BOOST_TEST_REQUIRE(result.ok(), describe(result.diagnostics));
  const auto& section = *result.blueprint->find(kTag);
  BOOST_TEST((section.status == SectionStatus::Skipped));
  BOOST_TEST(section.note ==
             "erosionVersion 3 is not a layout this reader knows (it reads 1, 2); erosion metadata "
             "left null");
  BOOST_TEST(result.diagnostics.find("section.skipped"));
  const auto& kept = std::get<OpaqueBytes>(section.content).bytes;
  BOOST_TEST((std::vector<std::byte>(kept.begin(), kept.end()) == payload));
}

BOOST_AUTO_TEST_CASE(payloads_of_0_and_1_byte_are_too_short) {
  for (const std::size_t length : {0u, 1u}) {
    const auto result = loadErosion(std::vector<std::byte>(length, std::byte{2}));
    const auto* d = result.diagnostics.find("eros.too-short");
    BOOST_TEST_REQUIRE(d, describe(result.diagnostics));
    BOOST_TEST(d->message == "the payload is " + std::to_string(length) +
                                 " bytes, too short for its u16 erosionVersion");
  }
}

BOOST_AUTO_TEST_CASE(summary_marks_an_unbounded_deposit_cap) {
  const auto bounded = summaryOf(loadErosion(encodeErosion(2)), kTag);
  BOOST_TEST(bounded.brief ==
             "erosionVersion 2: 250000 droplets x 384 steps, carve cap 15 m, deposit cap 6 m");
  BOOST_TEST(bounded.json.at("deposit_unbounded").as_bool() == false);
  BOOST_TEST(bounded.json.at("depositCapM").as_double() == 6.0);
  BOOST_TEST(bounded.json.at("dropletCount").as_int64() == 250000);
  BOOST_TEST(bounded.details.back() ==
             "deposition: at most 6 m a cell (depositCapM; <= 0 = unbounded)");

  auto payload = encodeErosion(2);
  patchF32(payload, 22, 0.0f);  // depositCapM
  const auto unbounded = summaryOf(loadErosion(payload), kTag);
  BOOST_TEST(
      unbounded.brief ==
      "erosionVersion 2: 250000 droplets x 384 steps, carve cap 15 m, deposit cap unbounded");
  BOOST_TEST(unbounded.json.at("deposit_unbounded").as_bool() == true);
  BOOST_TEST(unbounded.details.back() == "deposition: unbounded (depositCapM <= 0)");

  const auto v1 = summaryOf(loadErosion(encodeErosion(1)), kTag);
  BOOST_TEST(v1.json.at("deposit_unbounded").as_bool() == true);
  BOOST_TEST(!v1.json.contains("depositCapM"));
  BOOST_TEST(v1.details.back() == "deposition: unbounded (erosionVersion 1 has no depositCapM)");
}

BOOST_AUTO_TEST_SUITE_END()
