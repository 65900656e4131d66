// SPDX-License-Identifier: MIT
#include <boost/test/unit_test.hpp>

#include <bit>

#include "sample_blueprint.hpp"
#include "section_fixture.hpp"
#include "test_kernel.hpp"

using namespace isla;
using namespace isla::test;

namespace {

// In the sample's order: Highway, Branch, Rugged, Trail.
constexpr FourCC kTiers[] = {FourCC("RDHW"), FourCC("RDBR"), FourCC("RDRG"), FourCC("RDTL")};

}  // namespace

BOOST_AUTO_TEST_SUITE(roads)

BOOST_AUTO_TEST_CASE(each_tag_decodes_its_own_tier) {
  const auto sample = makeSample();
  const auto result = load(encode(sample).v2());
  BOOST_TEST_REQUIRE(result.ok(), describe(result.diagnostics));
  for (std::size_t tier = 0; tier < 4; ++tier) {
    BOOST_TEST_CONTEXT(kTiers[tier].text()) {
      const auto* roads = result.blueprint->get<PolylineSet>(kTiers[tier]);
      BOOST_TEST_REQUIRE(roads);
      const auto& expected = sample.roads[tier];
      BOOST_TEST_REQUIRE(roads->size() == expected.size());
      for (std::size_t p = 0; p < expected.size(); ++p) {
        const auto path = roads->path(p);
        BOOST_TEST_REQUIRE(path.size() == expected[p].size());
        for (std::size_t i = 0; i < path.size(); ++i) {
          BOOST_TEST(path[i].x == expected[p][i].x);
          BOOST_TEST(path[i].y == expected[p][i].y);
        }
      }
    }
  }
}

BOOST_AUTO_TEST_CASE(legacy_v1_blocks_decode_by_position) {
  const auto sample = makeSample();
  const auto result = load(encode(sample).v1());
  for (std::size_t tier = 0; tier < 4; ++tier) {
    const auto* roads = result.blueprint->get<PolylineSet>(kTiers[tier]);
    BOOST_TEST_REQUIRE(roads, describe(result.diagnostics));
    BOOST_TEST(roads->size() == sample.roads[tier].size(), kTiers[tier].text());
  }
  BOOST_TEST(result.blueprint->get<PolylineSet>(FourCC("RDRG"))->path(1)[1].y ==
             sample.roads[2][1][1].y);
}

BOOST_AUTO_TEST_CASE(one_plugin_registers_the_four_tiers_by_name) {
  const std::string names[] = {"Highways", "Branch roads", "Rugged roads", "Trails"};
  for (std::size_t tier = 0; tier < 4; ++tier) {
    const auto* registration = sharedKernel().registry().section(kTiers[tier]);
    BOOST_TEST_REQUIRE(registration);
    BOOST_TEST(registration->object->name() == names[tier]);
    BOOST_TEST(registration->plugin->name == "roads");
    BOOST_TEST((registration->object->presence() == Presence::Expected));
  }
}

BOOST_AUTO_TEST_CASE(a_present_but_empty_tier_is_valid) {
  const auto result = load(encode(makeSample()).v2());  // the sample's trails are empty
  BOOST_TEST_REQUIRE(result.ok(), describe(result.diagnostics));
  BOOST_TEST(result.blueprint->get<PolylineSet>(FourCC("RDTL"))->size() == 0u);
  const auto summary = summaryOf(result, FourCC("RDTL"));
  BOOST_TEST(summary.brief == "no paths (present but empty)");
  BOOST_TEST(summary.json.at("paths").as_uint64() == 0u);
  BOOST_TEST(summary.json.at("shortest_path_points").as_uint64() == 0u);
}

BOOST_AUTO_TEST_CASE(a_point_count_past_the_end_names_its_offset) {
  auto builder = encode(makeSample());
  patchI32(builder.payload(FourCC("RDHW")), 4, 100);  // the first path has three points
  const auto result = load(builder.v2());
  const auto* d = result.diagnostics.find("count.exceeds-payload");
  BOOST_TEST_REQUIRE(d, describe(result.diagnostics));
  BOOST_TEST(d->message == "point count 100 needs at least 800 bytes but only 24 remain");
  BOOST_TEST(*d->offset == builder.offsetOf(FourCC("RDHW")) + 12 + 4);
  BOOST_TEST(d->tag->text() == "RDHW");
  BOOST_TEST((result.blueprint->find(FourCC("RDHW"))->status == SectionStatus::Failed));
}

BOOST_AUTO_TEST_CASE(a_path_count_past_the_end_is_refused) {
  auto builder = encode(makeSample());
  patchI32(builder.payload(FourCC("RDBR")), 0, 9);
  const auto result = load(builder.v2());
  const auto* d = result.diagnostics.find("count.exceeds-payload");
  BOOST_TEST_REQUIRE(d, describe(result.diagnostics));
  BOOST_TEST(*d->offset == builder.offsetOf(FourCC("RDBR")) + 12);
}

BOOST_AUTO_TEST_CASE(round_trips_byte_identically_with_nan_bits) {
  auto builder = encode(makeSample());
  auto& payload = builder.payload(FourCC("RDRG"));
  patchU32(payload, 8, 0x7FC0BEEFu);   // path 0, point 0, X
  patchU32(payload, 12, 0xFF800001u);  // path 0, point 0, Y: a signalling NaN
  const auto result = load(builder.v2());
  BOOST_TEST_REQUIRE(result.ok(), describe(result.diagnostics));
  for (const FourCC tag : kTiers) {
    const auto& section = *result.blueprint->find(tag);
    ByteWriter out;
    section.codec->encode(section.content, out, EncodeContext{});
    BOOST_TEST((out.flatten() == builder.payload(tag)), tag.text());
  }
  BOOST_TEST(std::bit_cast<std::uint32_t>(
                 result.blueprint->get<PolylineSet>(FourCC("RDRG"))->path(0)[0].x) == 0x7FC0BEEFu);
}

BOOST_AUTO_TEST_CASE(summary_gives_paths_points_and_extremes) {
  const auto result = load(encode(makeSample()).v2());
  const auto rugged = summaryOf(result, FourCC("RDRG"));  // paths of 3 and 2 points
  BOOST_TEST(rugged.brief == "2 paths, 5 points (2..3 a path)");
  BOOST_TEST(rugged.json.at("paths").as_uint64() == 2u);
  BOOST_TEST(rugged.json.at("points").as_uint64() == 5u);
  BOOST_TEST(rugged.json.at("shortest_path_points").as_uint64() == 2u);
  BOOST_TEST(rugged.json.at("longest_path_points").as_uint64() == 3u);
  BOOST_TEST(summaryOf(result, FourCC("RDHW")).brief == "1 path, 3 points (3 a path)");
}

BOOST_AUTO_TEST_CASE(a_missing_tier_is_warned_about) {
  auto builder = encode(makeSample());
  builder.remove(FourCC("RDTL"));
  const auto result = load(builder.v2());
  bool warned = false;
  for (const auto& d : result.diagnostics.items()) {
    if (d.code == "section.missing-expected" && d.tag && *d.tag == FourCC("RDTL")) {
      warned = d.severity == Severity::Warning && d.message.find("(Trails)") != std::string::npos;
    }
  }
  BOOST_TEST(warned, describe(result.diagnostics));
}

BOOST_AUTO_TEST_SUITE_END()
