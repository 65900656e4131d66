// SPDX-License-Identifier: MIT
#include <boost/test/unit_test.hpp>

#include <algorithm>

#include "sample_blueprint.hpp"
#include "section_fixture.hpp"
#include "test_kernel.hpp"

using namespace isla;
using namespace isla::test;

namespace {

constexpr FourCC kWbid{"WBID"};

SectionSummary summarize(const SampleBlueprint& sample) { return summaryOf(load(encode(sample).v2()), kWbid); }

SampleBlueprint withoutWater(std::int32_t mapSize = 256) {
  auto sample = makeSample(mapSize);
  std::ranges::fill(sample.waterIds, std::uint16_t{0});
  return sample;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(wbid)

BOOST_AUTO_TEST_CASE(decodes_every_pixel_x_outer_y_inner) {
  const auto sample = makeSample();
  const auto result = load(encode(sample).v2());
  BOOST_TEST_REQUIRE(result.ok(), describe(result.diagnostics));
  const auto* ids = result.blueprint->get<Raster>(kWbid);
  BOOST_TEST_REQUIRE(ids);
  BOOST_TEST(elementTypeName(ids->type()) == "u16");
  BOOST_TEST(ids->at<std::uint16_t>(0, 0) == 1);             // the ocean reaches the border
  BOOST_TEST(ids->at<std::uint16_t>(256 / 3, 256 / 2) == 2);  // the lake
  BOOST_TEST(ids->at<std::uint16_t>(127, 127) == 0);          // dry land
  const auto values = ids->values<std::uint16_t>();
  BOOST_TEST(std::ranges::equal(values, sample.waterIds, [](auto a, auto b) { return a.value() == b; }));
}

BOOST_AUTO_TEST_CASE(encode_is_byte_identical) {
  auto builder = encode(makeSample());
  const auto result = load(builder.v2());
  BOOST_TEST_REQUIRE(result.ok(), describe(result.diagnostics));
  const auto& section = *result.blueprint->find(kWbid);
  ByteWriter out;
  section.codec->encode(section.content, out, EncodeContext{});
  BOOST_TEST((out.flatten() == builder.payload(kWbid)));
}

BOOST_AUTO_TEST_CASE(length_must_equal_two_map_size_squared) {
  auto builder = encode(makeSample());
  builder.payload(kWbid).resize(2 * 256 * 256 - 1);
  const auto result = load(builder.v2());
  const auto* d = result.diagnostics.find("grid.length-mismatch");
  BOOST_TEST_REQUIRE(d, describe(result.diagnostics));
  BOOST_TEST(d->message == "payload is 131071 bytes; MapSize 256 needs 2 x 256^2 = 131072 bytes (u16 per pixel)");
  BOOST_TEST(d->tag->text() == "WBID");
  BOOST_TEST(*d->offset == builder.offsetOf(kWbid) + 12);
  BOOST_TEST(!result.ok());
}

BOOST_AUTO_TEST_CASE(is_optional) {
  auto builder = encode(makeSample());
  builder.remove(kWbid);
  const auto result = load(builder.v2());
  BOOST_TEST(result.ok(), describe(result.diagnostics));
  BOOST_TEST(std::ranges::none_of(result.diagnostics.items(), [](const Diagnostic& d) { return d.tag == kWbid; }),
             describe(result.diagnostics));
}

BOOST_AUTO_TEST_CASE(summary_counts_water_ocean_and_distinct_lake_ids) {
  auto sample = withoutWater();
  auto& ids = sample.waterIds;
  std::fill_n(ids.begin(), 1000, std::uint16_t{1});  // ocean
  ids[1000] = 2;  // a block of mixed ids
  ids[1001] = 3;
  ids[1002] = 3;
  ids[1003] = 7;
  std::fill_n(ids.begin() + 1024, 64, std::uint16_t{9});  // a whole block of one lake
  ids[5000] = 63;  // either side of a bitmap word
  ids[5001] = 64;
  ids.back() = 65535;
  const auto summary = summarize(sample);
  BOOST_TEST(summary.json.at("pixel_count").as_uint64() == 65536u);
  BOOST_TEST(summary.json.at("water_pixel_count").as_uint64() == 1071u);
  BOOST_TEST(summary.json.at("ocean_pixel_count").as_uint64() == 1000u);
  BOOST_TEST(summary.json.at("lake_pixel_count").as_uint64() == 71u);
  BOOST_TEST(summary.json.at("max_id").as_uint64() == 65535u);
  BOOST_TEST(summary.json.at("distinct_lake_ids").as_uint64() == 7u);  // 2 3 7 9 63 64 65535
  BOOST_TEST(summary.brief == "water 1071 px (ocean 1000, lakes 71), 7 lake ids, max id 65535");
}

BOOST_AUTO_TEST_CASE(summary_of_the_sample_has_one_ocean_and_one_lake) {
  const auto sample = makeSample();
  const auto summary = summarize(sample);
  const auto ocean = static_cast<std::uint64_t>(std::ranges::count(sample.waterIds, 1));
  const auto lake = static_cast<std::uint64_t>(std::ranges::count(sample.waterIds, 2));
  BOOST_TEST(summary.json.at("ocean_pixel_count").as_uint64() == ocean);
  BOOST_TEST(summary.json.at("lake_pixel_count").as_uint64() == lake);
  BOOST_TEST(summary.json.at("max_id").as_uint64() == 2u);
  BOOST_TEST(summary.json.at("distinct_lake_ids").as_uint64() == 1u);
  BOOST_TEST(summary.brief.find("), 1 lake id, max id 2") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(summary_reaches_a_last_block_shorter_than_the_others) {
  auto sample = withoutWater(257);  // 66049 pixels: the last block holds one
  sample.waterIds.back() = 12;
  const auto summary = summarize(sample);
  BOOST_TEST(summary.json.at("water_pixel_count").as_uint64() == 1u);
  BOOST_TEST(summary.json.at("max_id").as_uint64() == 12u);
  BOOST_TEST(summary.json.at("distinct_lake_ids").as_uint64() == 1u);
}

BOOST_AUTO_TEST_CASE(summary_without_water) {
  const auto summary = summarize(withoutWater());
  BOOST_TEST(summary.brief == "no water (every id is 0)");
  BOOST_TEST(summary.json.at("water_pixel_count").as_uint64() == 0u);
  BOOST_TEST(summary.json.at("max_id").as_uint64() == 0u);
  BOOST_TEST(summary.json.at("distinct_lake_ids").as_uint64() == 0u);
}

BOOST_AUTO_TEST_SUITE_END()
