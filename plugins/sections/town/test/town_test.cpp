// SPDX-License-Identifier: MIT
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <bit>

#include <isla/plugin/builtin_plugins.hpp>

#include "sample_blueprint.hpp"
#include "section_fixture.hpp"
#include "test_kernel.hpp"

using namespace isla;
using namespace isla::test;

namespace {

constexpr FourCC kTag{"TOWN"};

BlueprintBuilder withTowns(const std::vector<SampleTown>& towns) { return sampleWith(kTag, encodeTowns(towns)); }

// The absolute offset of byte `at` of town `index` in builder.v2().
std::uint64_t townByte(const BlueprintBuilder& builder, std::uint64_t index, std::uint64_t at) {
  return payloadOffset(builder, kTag) + 4 + index * 10 + at;
}

// A kernel whose enum table gives TownTier these members.
std::unique_ptr<Kernel> kernelWithTiers(const std::string& tiers) {
  const std::string json = R"({"format": "isla-enums/1", "enums": {"Biome": ["Ocean", "Lake",
      "Beach", "Grassland", "Forest", "Jungle", "Swamp", "Desert", "Dirt", "Rock", "Mountain",
      "Snow", "Crater", "Wasteland"], "TownTier": [)" +
                           tiers + "]}}";
  return makeKernel(EnumTable::parse(json, "test"));
}


}  // namespace

BOOST_AUTO_TEST_SUITE(town)

BOOST_AUTO_TEST_CASE(decodes_every_town_by_field_name) {
  const auto sample = makeSample();
  const auto result = load(encode(sample).v2());
  BOOST_TEST_REQUIRE(result.ok(), describe(result.diagnostics));
  const auto* towns = result.blueprint->get<Table>(kTag);
  BOOST_TEST_REQUIRE(towns);
  BOOST_TEST_REQUIRE(towns->rows.size() == sample.towns.size());
  for (std::size_t i = 0; i < sample.towns.size(); ++i) {
    const auto& row = towns->rows[i];
    BOOST_TEST(row.as<float>("X") == sample.towns[i].x);
    BOOST_TEST(row.as<float>("Y") == sample.towns[i].y);
    BOOST_TEST(row.as<std::uint8_t>("tier") == sample.towns[i].tier);
    BOOST_TEST(row.as<std::uint8_t>("isHighwayNode") == sample.towns[i].highwayNode);
  }
}

BOOST_AUTO_TEST_CASE(round_trips_byte_identically_with_nan_bits) {
  auto payload = encodeTowns(makeSample().towns);
  patchU32(payload, 4, 0x7FC0BEEFu);           // town 0 X: a NaN with a payload
  patchU32(payload, 4 + 10 + 4, 0x80000000u);  // town 1 Y: -0
  auto builder = encode(makeSample());
  builder.replace(kTag, payload);
  const auto result = load(builder.v2());
  BOOST_TEST_REQUIRE(result.ok(), describe(result.diagnostics));
  const auto& section = *result.blueprint->find(kTag);
  BOOST_TEST(std::bit_cast<std::uint32_t>(section.as<Table>()->rows[0].as<float>("X")) ==
             0x7FC0BEEFu);
  ByteWriter out;
  section.codec->encode(section.content, out, EncodeContext{});
  BOOST_TEST((out.flatten() == payload));
}

BOOST_AUTO_TEST_CASE(legacy_v1_towns_decode_without_the_highway_flag) {
  const auto sample = makeSample();
  const auto result = load(encode(sample).v1());
  const auto* towns = result.blueprint->get<Table>(kTag);
  BOOST_TEST_REQUIRE(towns, describe(result.diagnostics));
  BOOST_TEST_REQUIRE(towns->rows.size() == sample.towns.size());
  for (std::size_t i = 0; i < sample.towns.size(); ++i) {
    BOOST_TEST(towns->rows[i].as<float>("X") == sample.towns[i].x);
    BOOST_TEST(towns->rows[i].as<std::uint8_t>("tier") == sample.towns[i].tier);
    BOOST_TEST(towns->rows[i].as<std::uint8_t>("isHighwayNode") == 0);
  }
}

BOOST_AUTO_TEST_CASE(an_empty_town_list_is_valid) {
  const auto result = load(withTowns({}).v2());
  BOOST_TEST_REQUIRE(result.ok(), describe(result.diagnostics));
  BOOST_TEST(result.blueprint->get<Table>(kTag)->rows.empty());
  const auto summary = summaryOf(result, kTag);
  BOOST_TEST(summary.brief == "no towns");
  BOOST_TEST(summary.json.at("count").as_uint64() == 0u);
  BOOST_TEST(summary.json.at("by_tier").as_object().at("City").as_uint64() == 0u);
}

BOOST_AUTO_TEST_CASE(every_out_of_range_tier_is_reported_with_its_offset) {
  auto towns = makeSample().towns;
  towns[1].tier = 4;
  towns[3].tier = 255;
  const auto builder = withTowns(towns);
  const auto result = load(builder.v2());
  const auto found = withCode(result.diagnostics, "town.tier-out-of-range");
  BOOST_TEST_REQUIRE(found.size() == 2u, describe(result.diagnostics));
  BOOST_TEST(found[0]->message == "town 1 has tier 4; TownTier ordinals are 0..3 (Hamlet..City)");
  BOOST_TEST(*found[0]->offset == townByte(builder, 1, 8));
  BOOST_TEST((found[0]->severity == Severity::Error));
  BOOST_TEST(found[0]->tag->text() == "TOWN");
  BOOST_TEST(found[1]->message == "town 3 has tier 255; TownTier ordinals are 0..3 (Hamlet..City)");
  BOOST_TEST(*found[1]->offset == townByte(builder, 3, 8));
  BOOST_TEST((result.blueprint->find(kTag)->status == SectionStatus::Failed));
  BOOST_TEST(!result.ok());
}

BOOST_AUTO_TEST_CASE(any_nonzero_highway_flag_loads_as_a_highway_node) {
  // A .NET bool, as the upstream reader loads it; the raw byte is kept for
  // the scenery validator's warning.
  auto towns = makeSample().towns;
  towns[2].highwayNode = 2;
  const auto result = load(withTowns(towns).v2());
  BOOST_TEST_REQUIRE(result.ok(), describe(result.diagnostics));
  const auto* table = result.blueprint->get<Table>(kTag);
  BOOST_TEST(table->rows[2].as<std::uint8_t>("isHighwayNode") == 2);
  std::size_t nodes = 0;
  for (const auto& town : towns) nodes += town.highwayNode != 0;
  const auto summary = summaryOf(result, kTag);
  BOOST_TEST(summary.json.at("highway_nodes").as_uint64() == nodes);
}

BOOST_AUTO_TEST_CASE(tier_range_follows_the_enum_table) {
  auto towns = makeSample().towns;
  towns[0].tier = 4;
  const auto bytes = withTowns(towns).v2();

  const auto wider = kernelWithTiers(R"("Hamlet", "Village", "Town", "City", "Capital")");
  const auto accepted = load(bytes, "wider.dat", *wider);
  BOOST_TEST(accepted.ok(), describe(accepted.diagnostics));
  const auto& section = *accepted.blueprint->find(kTag);
  const auto summary = section.codec->summarize(section.content, {wider->enums(), {}});
  BOOST_TEST(summary.json.at("by_tier").as_object().at("Capital").as_uint64() == 1u);

  const auto narrower = kernelWithTiers(R"("Camp", "Fort")");
  const auto refused = load(encode(makeSample()).v2(), "narrower.dat", *narrower);
  const auto found = withCode(refused.diagnostics, "town.tier-out-of-range");
  BOOST_TEST_REQUIRE(found.size() == 2u, describe(refused.diagnostics));  // the City and the Town
  BOOST_TEST(found[0]->message == "town 0 has tier 3; TownTier ordinals are 0..1 (Camp..Fort)");
}

BOOST_AUTO_TEST_CASE(a_count_larger_than_the_payload_is_refused) {
  auto builder = encode(makeSample());
  patchI32(builder.payload(kTag), 0, 5);  // four towns follow
  const auto result = load(builder.v2());
  const auto* d = result.diagnostics.find("count.exceeds-payload");
  BOOST_TEST_REQUIRE(d, describe(result.diagnostics));
  BOOST_TEST(d->message == "town count 5 needs at least 50 bytes but only 40 remain");
  BOOST_TEST(*d->offset == builder.offsetOf(kTag) + 12);
  BOOST_TEST(d->tag->text() == "TOWN");

  patchI32(builder.payload(kTag), 0, -1);
  BOOST_TEST(load(builder.v2()).diagnostics.find("count.negative"));
}

BOOST_AUTO_TEST_CASE(summary_counts_by_tier_and_highway_nodes) {
  auto towns = makeSample().towns;  // City, Town, Village, Hamlet; two highway nodes
  towns.push_back({10.0f, 20.0f, 3, 0});
  const auto summary = summaryOf(load(withTowns(towns).v2()), kTag);
  BOOST_TEST(summary.brief == "5 towns (1 Hamlet, 1 Village, 1 Town, 2 City), 2 highway nodes");
  BOOST_TEST(summary.json.at("count").as_uint64() == 5u);
  BOOST_TEST(summary.json.at("highway_nodes").as_uint64() == 2u);
  const auto& byTier = summary.json.at("by_tier").as_object();
  BOOST_TEST(byTier.size() == 4u);
  BOOST_TEST(byTier.at("Hamlet").as_uint64() == 1u);
  BOOST_TEST(byTier.at("City").as_uint64() == 2u);
}

BOOST_AUTO_TEST_CASE(a_missing_section_is_warned_about_and_read_as_empty) {
  auto builder = encode(makeSample());
  builder.remove(kTag);
  const auto result = load(builder.v2());
  const auto found = withCode(result.diagnostics, "section.missing-expected");
  const auto town = std::find_if(found.begin(), found.end(),
                                 [](const Diagnostic* d) { return d->tag && *d->tag == kTag; });
  BOOST_TEST_REQUIRE((town != found.end()), describe(result.diagnostics));
  BOOST_TEST(((*town)->severity == Severity::Warning));
  BOOST_TEST((*town)->message == "the blueprint has no TOWN section (Towns); it is read as empty");
}

BOOST_AUTO_TEST_SUITE_END()
