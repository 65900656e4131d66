// SPDX-License-Identifier: MIT
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <limits>
#include <vector>

#include "sample_blueprint.hpp"
#include "section_fixture.hpp"
#include "test_kernel.hpp"

using namespace isla;
using namespace isla::test;

namespace {

constexpr FourCC kWbtb{"WBTB"};

BlueprintBuilder withBodies(const std::vector<SampleWaterBody>& bodies) {
  return sampleWith(kWbtb, encodeWaterTable(bodies));
}

SectionSummary summarize(const std::vector<SampleWaterBody>& bodies, Units units = {}) {
  return summaryOf(load(withBodies(bodies).v2()), kWbtb, units);
}

const std::vector<SampleWaterBody> kCrafted = {
    {1, 0, 1, 0.15f, 1000, 10.5f, 20.25f},
    {2, 1, 0, 0.4f, 70, 3.0f, 4.0f},
    {5, 1, 0, 0.5f, 1, 7.0f, 8.0f},
};

}  // namespace

BOOST_AUTO_TEST_SUITE(wbtb)

BOOST_AUTO_TEST_CASE(decodes_every_field_by_name) {
  const auto sample = makeSample();
  const auto result = load(encode(sample).v2());
  BOOST_TEST_REQUIRE(result.ok(), describe(result.diagnostics));
  const auto* bodies = result.blueprint->get<Table>(kWbtb);
  BOOST_TEST_REQUIRE(bodies);
  BOOST_TEST_REQUIRE(bodies->rows.size() == sample.bodies.size());
  for (std::size_t i = 0; i < sample.bodies.size(); ++i) {
    const auto& row = bodies->rows[i];
    const auto& expected = sample.bodies[i];
    BOOST_TEST(row.as<std::uint16_t>("id") == expected.id);
    BOOST_TEST(row.as<std::uint8_t>("type") == expected.type);
    BOOST_TEST(row.as<std::uint8_t>("salinity") == expected.salinity);
    BOOST_TEST(row.as<float>("surfaceLevel") == expected.surfaceLevel);
    BOOST_TEST(row.as<std::int32_t>("pixelCount") == expected.pixelCount);
    BOOST_TEST(row.as<float>("centroidX") == expected.centroidX);
    BOOST_TEST(row.as<float>("centroidY") == expected.centroidY);
  }
  BOOST_TEST(bodies->rows[0].as<float>("surfaceLevel") == kSampleSeaLevel);
}

BOOST_AUTO_TEST_CASE(encode_is_byte_identical) {
  const auto sample = makeSample();
  const auto result = load(encode(sample).v2());
  BOOST_TEST_REQUIRE(result.ok(), describe(result.diagnostics));
  const auto& section = *result.blueprint->find(kWbtb);
  ByteWriter out;
  section.codec->encode(section.content, out, EncodeContext{});
  BOOST_TEST((out.flatten() == encodeWaterTable(sample.bodies)));
}

BOOST_AUTO_TEST_CASE(an_empty_table_decodes) {
  const auto result = load(withBodies({}).v2());
  BOOST_TEST_REQUIRE(result.ok(), describe(result.diagnostics));
  BOOST_TEST(result.blueprint->get<Table>(kWbtb)->rows.empty());
}

BOOST_AUTO_TEST_CASE(a_count_beyond_the_payload_is_refused_before_allocating) {
  for (const auto& [count, message] :
       {std::pair<std::int32_t, std::string>{3, "water body count 3 needs at least 60 bytes but only 40 remain"},
        {std::numeric_limits<std::int32_t>::max(),
         "water body count 2147483647 needs at least 42949672940 bytes but only 40 remain"}}) {
    auto builder = encode(makeSample());
    patchI32(builder.payload(kWbtb), 0, count);
    const auto result = load(builder.v2());
    const auto* d = result.diagnostics.find("count.exceeds-payload");
    BOOST_TEST_REQUIRE(d, describe(result.diagnostics));
    BOOST_TEST(d->message == message);
    BOOST_TEST(*d->offset == payloadOffset(builder, kWbtb));
    BOOST_TEST(d->tag->text() == "WBTB");
    BOOST_TEST(!result.ok());
  }
}

BOOST_AUTO_TEST_CASE(a_negative_count_is_refused) {
  auto builder = encode(makeSample());
  patchI32(builder.payload(kWbtb), 0, -1);
  const auto result = load(builder.v2());
  const auto* d = result.diagnostics.find("count.negative");
  BOOST_TEST_REQUIRE(d, describe(result.diagnostics));
  BOOST_TEST(d->message == "water body count is -1; a count cannot be negative");
  BOOST_TEST(*d->offset == payloadOffset(builder, kWbtb));
}

BOOST_AUTO_TEST_CASE(trailing_bytes_are_refused) {
  auto builder = encode(makeSample());
  builder.payload(kWbtb).resize(4 + 2 * 20 + 3);
  const auto result = load(builder.v2());
  const auto* d = result.diagnostics.find("section.unconsumed");
  BOOST_TEST_REQUIRE(d, describe(result.diagnostics));
  BOOST_TEST(d->message == "the wbtb parser consumed 44 of the 47 declared bytes; 3 bytes are left over, "
                           "so the declared length and the layout disagree");
  BOOST_TEST(*d->offset == payloadOffset(builder, kWbtb) + 44);
}

BOOST_AUTO_TEST_CASE(every_bad_salinity_is_reported_at_its_row_and_a_bad_type_loads) {
  const auto builder = withBodies({
      {1, 0, 1, 0.15f, 10, 1.0f, 1.0f},
      {2, 2, 0, 0.4f, 10, 1.0f, 1.0f},  // type 2
      {3, 1, 5, 0.4f, 10, 1.0f, 1.0f},  // salinity 5
      {4, 9, 7, 0.4f, 10, 1.0f, 1.0f},  // both
  });
  const auto result = load(builder.v2());
  BOOST_TEST(!result.ok());
  BOOST_TEST(sectionStatusName(result.blueprint->find(kWbtb)->status) == "failed");
  const std::uint64_t firstRow = payloadOffset(builder, kWbtb) + 4;
  // A type is a value problem for the water validator, as upstream loads it.
  BOOST_TEST(result.diagnostics.items().size() == 2u, describe(result.diagnostics));

  const auto types = load(withBodies({{1, 0, 1, 0.15f, 10, 1.0f, 1.0f}, {2, 2, 0, 0.4f, 10, 1.0f, 1.0f}}).v2());
  BOOST_TEST(types.ok(), describe(types.diagnostics));

  const auto salinities = withCode(result.diagnostics, "wbtb.bad-salinity");
  BOOST_TEST_REQUIRE(salinities.size() == 2u, describe(result.diagnostics));
  BOOST_TEST(salinities[0]->message == "water body row 2 (id 3) has salinity 5; expected 0 (fresh) or 1 (salt)");
  BOOST_TEST(*salinities[0]->offset == firstRow + 40);
  BOOST_TEST(salinities[1]->message == "water body row 3 (id 4) has salinity 7; expected 0 (fresh) or 1 (salt)");
  BOOST_TEST(*salinities[1]->offset == firstRow + 60);
  BOOST_TEST(severityName(salinities[1]->severity) == "error");
}

BOOST_AUTO_TEST_CASE(is_optional) {
  auto builder = encode(makeSample());
  builder.remove(kWbtb);
  const auto result = load(builder.v2());
  BOOST_TEST(result.ok(), describe(result.diagnostics));
  BOOST_TEST(std::ranges::none_of(result.diagnostics.items(), [](const Diagnostic& d) { return d.tag == kWbtb; }),
             describe(result.diagnostics));
}

BOOST_AUTO_TEST_CASE(summary_lists_every_body_with_raw_and_metres) {
  const auto summary = summarize(kCrafted);
  BOOST_TEST(summary.brief == "3 bodies (1 ocean, 2 lakes), ocean level 0.15 raw (37.65 m)");
  BOOST_TEST(summary.json.at("body_count").as_uint64() == 3u);
  BOOST_TEST(summary.json.at("ocean_count").as_uint64() == 1u);
  BOOST_TEST(summary.json.at("lake_count").as_uint64() == 2u);
  BOOST_TEST(summary.json.at("ocean_level_raw").as_double() == 0.15);
  BOOST_TEST(summary.json.at("ocean_level_m").as_double() == 0.15 * 251.0);

  const auto& bodies = summary.json.at("bodies").as_array();
  BOOST_TEST_REQUIRE(bodies.size() == 3u);
  const auto& ocean = bodies[0].as_object();
  BOOST_TEST(ocean.at("id").as_uint64() == 1u);
  BOOST_TEST(ocean.at("type").as_string() == "ocean");
  BOOST_TEST(ocean.at("salinity").as_string() == "salt");
  BOOST_TEST(ocean.at("surface_level_raw").as_double() == 0.15);
  BOOST_TEST(ocean.at("surface_level_m").as_double() == 0.15 * 251.0);
  BOOST_TEST(ocean.at("pixel_count").as_int64() == 1000);
  BOOST_TEST(ocean.at("centroid").as_array().at(0).as_double() == 10.5);
  BOOST_TEST(ocean.at("centroid").as_array().at(1).as_double() == 20.25);
  const auto& lake = bodies[1].as_object();
  BOOST_TEST(lake.at("type").as_string() == "lake");
  BOOST_TEST(lake.at("salinity").as_string() == "fresh");
  BOOST_TEST(lake.at("surface_level_raw").as_double() == 0.4);
  BOOST_TEST(bodies[2].as_object().at("id").as_uint64() == 5u);

  BOOST_TEST(summary.details.at(1) == "id 2: lake, fresh, level 0.4 raw (100.40 m), 70 px, centroid (3, 4)");
}

BOOST_AUTO_TEST_CASE(summary_metres_follow_the_height_scale) {
  const auto summary = summarize(kCrafted, Units{100.0, 1.0});
  BOOST_TEST(summary.json.at("ocean_level_m").as_double() == 15.0);
  BOOST_TEST(summary.json.at("bodies").as_array().at(1).as_object().at("surface_level_m").as_double() == 40.0);
}

BOOST_AUTO_TEST_CASE(summary_takes_the_ocean_level_from_the_first_ocean_row) {
  // The spec has exactly one ocean; a second is the water validator's to report.
  const auto summary = summarize({{1, 0, 1, 0.15f, 10, 1.0f, 1.0f}, {3, 0, 1, 0.26f, 10, 1.0f, 1.0f}});
  BOOST_TEST(summary.json.at("ocean_count").as_uint64() == 2u);
  BOOST_TEST(summary.json.at("ocean_level_raw").as_double() == 0.15);
  BOOST_TEST(summary.brief == "2 bodies (2 ocean, 0 lakes), ocean level 0.15 raw (37.65 m)");
}

BOOST_AUTO_TEST_CASE(summary_without_an_ocean_row_has_null_levels) {
  const auto lakesOnly = summarize({{2, 1, 0, 0.4f, 70, 3.0f, 4.0f}});
  BOOST_TEST(lakesOnly.brief == "1 body (0 ocean, 1 lake), no ocean row");
  BOOST_TEST(lakesOnly.json.at("ocean_level_raw").is_null());
  BOOST_TEST(lakesOnly.json.at("ocean_level_m").is_null());

  const auto empty = summarize({});
  BOOST_TEST(empty.brief == "no water bodies");
  BOOST_TEST(empty.json.at("body_count").as_uint64() == 0u);
  BOOST_TEST(empty.json.at("bodies").as_array().empty());
  BOOST_TEST(empty.json.at("ocean_level_raw").is_null());
}

BOOST_AUTO_TEST_SUITE_END()
