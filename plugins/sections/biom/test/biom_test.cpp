// SPDX-License-Identifier: MIT
#include <boost/test/unit_test.hpp>

#include <isla/plugin/builtin_plugins.hpp>

#include <algorithm>

#include "sample_blueprint.hpp"
#include "section_fixture.hpp"
#include "test_kernel.hpp"

using namespace isla;
using namespace isla::test;

namespace {

constexpr FourCC kBiom{"BIOM"};

// The shipped table cut to its first `biomes` Biome members.
std::unique_ptr<Kernel> kernelWithBiomes(std::size_t biomes) {
  const EnumTable shipped = shippedEnums();
  std::string list;
  for (std::size_t i = 0; i < biomes; ++i) list += (i ? ",\"" : "\"") + shipped.members("Biome")[i] + "\"";
  const std::string json = R"({"format": "isla-enums/1", "enums": {"Biome": [)" + list +
                           R"(], "TownTier": ["Hamlet", "Village", "Town", "City"]}})";
  return makeKernel(EnumTable::parse(json, "test"));
}

}  // namespace

BOOST_AUTO_TEST_SUITE(biom)

BOOST_AUTO_TEST_CASE(decodes_every_pixel_x_outer_y_inner) {
  const auto sample = makeSample();
  const auto result = load(encode(sample).v2());
  BOOST_TEST_REQUIRE(result.ok(), describe(result.diagnostics));
  const auto* biomes = result.blueprint->get<Raster>(kBiom);
  BOOST_TEST_REQUIRE(biomes);
  BOOST_TEST(elementTypeName(biomes->type()) == "u8");
  BOOST_TEST(biomes->at<std::uint8_t>(0, 0) == 0);                   // Ocean at the border
  BOOST_TEST(biomes->at<std::uint8_t>(256 / 3, 256 / 2) == 1);       // the lake
  BOOST_TEST(biomes->at<std::uint8_t>(127, 127) == 10);              // the summit: Mountain
  const auto values = biomes->values<std::uint8_t>();
  BOOST_TEST(std::ranges::equal(values, sample.biomes, [](auto a, auto b) { return a.value() == b; }));
}

BOOST_AUTO_TEST_CASE(encode_is_byte_identical) {
  auto builder = encode(makeSample());
  const auto result = load(builder.v2());
  BOOST_TEST_REQUIRE(result.ok(), describe(result.diagnostics));
  const auto& section = *result.blueprint->find(kBiom);
  ByteWriter out;
  section.codec->encode(section.content, out, EncodeContext{});
  BOOST_TEST((out.flatten() == builder.payload(kBiom)));
}

BOOST_AUTO_TEST_CASE(length_must_equal_map_size_squared) {
  auto builder = encode(makeSample());
  builder.payload(kBiom).resize(256 * 256 + 1);
  const auto result = load(builder.v2());
  const auto* d = result.diagnostics.find("grid.length-mismatch");
  BOOST_TEST_REQUIRE(d, describe(result.diagnostics));
  BOOST_TEST(d->message == "payload is 65537 bytes; MapSize 256 needs 1 x 256^2 = 65536 bytes (u8 per pixel)");
  BOOST_TEST(d->tag->text() == "BIOM");
  BOOST_TEST(!result.ok());
}

BOOST_AUTO_TEST_CASE(out_of_range_ordinals_give_one_error_at_the_first_pixel) {
  auto sample = makeSample();
  sample.biomes[7 * 256 + 1] = 200;   // second in file order
  sample.biomes[3 * 256 + 200] = 14;  // first: x 3 comes before x 7
  sample.biomes[200 * 256 + 3] = 255;
  const auto builder = encode(sample);
  const auto result = load(builder.v2());
  BOOST_TEST(!result.ok());
  BOOST_TEST(sectionStatusName(result.blueprint->find(kBiom)->status) == "failed");
  BOOST_TEST(std::ranges::count_if(result.diagnostics.items(), [](const Diagnostic& d) {
               return d.code == "biom.ordinal-out-of-range";
             }) == 1);
  const auto* d = result.diagnostics.find("biom.ordinal-out-of-range");
  BOOST_TEST_REQUIRE(d, describe(result.diagnostics));
  BOOST_TEST(severityName(d->severity) == "error");
  BOOST_TEST(*d->offset == payloadOffset(builder, kBiom) + 3 * 256 + 200);
  BOOST_TEST_REQUIRE(d->pixel.has_value());
  BOOST_TEST(d->pixel->x == 3);
  BOOST_TEST(d->pixel->y == 200);
  BOOST_TEST(d->message == "biome ordinal 14 at pixel (3, 200) is outside 0..13 (the 14 Biome members of "
                           "enum table '" + sharedKernel().enums().origin() +
                           "'); 3 pixels are out of range, this is the first; a newer generator's "
                           "biomes need its enum table (--enums FILE)");
}

BOOST_AUTO_TEST_CASE(a_single_bad_pixel_says_it_is_the_only_one) {
  auto sample = makeSample();
  sample.biomes.back() = 14;
  const auto builder = encode(sample);
  const auto result = load(builder.v2());
  const auto* d = result.diagnostics.find("biom.ordinal-out-of-range");
  BOOST_TEST_REQUIRE(d, describe(result.diagnostics));
  BOOST_TEST(*d->offset == payloadOffset(builder, kBiom) + 256 * 256 - 1);
  BOOST_TEST(d->pixel->x == 255);
  BOOST_TEST(d->pixel->y == 255);
  BOOST_TEST(d->message.rfind("biome ordinal 14 at pixel (255, 255) is outside 0..13 (", 0) == 0);
  BOOST_TEST(d->message.find("'); no other pixel is out of range; a newer") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(the_last_member_is_valid) {
  auto sample = makeSample();
  sample.biomes[42] = 13;  // Wasteland, count - 1
  const auto result = load(encode(sample).v2());
  BOOST_TEST(result.ok(), describe(result.diagnostics));
  BOOST_TEST(result.blueprint->get<Raster>(kBiom)->at<std::uint8_t>(0, 42) == 13);
}

BOOST_AUTO_TEST_CASE(the_range_follows_the_enum_table) {
  const auto small = kernelWithBiomes(11);  // Ocean .. Mountain, the sample's largest
  auto sample = makeSample();
  BOOST_TEST(load(encode(sample).v2(), "test.dat", *small).ok());

  sample.biomes[5] = 11;  // Snow in the shipped table, unknown to the small one
  const auto builder = encode(sample);
  BOOST_TEST(load(builder.v2()).ok());
  const auto result = load(builder.v2(), "test.dat", *small);
  const auto* d = result.diagnostics.find("biom.ordinal-out-of-range");
  BOOST_TEST_REQUIRE(d, describe(result.diagnostics));
  BOOST_TEST(*d->offset == payloadOffset(builder, kBiom) + 5);
  BOOST_TEST(d->message.rfind("biome ordinal 11 at pixel (0, 5) is outside 0..10 (the 11 Biome members "
                              "of enum table 'test'); no other pixel",
                              0) == 0);
}

BOOST_AUTO_TEST_CASE(a_table_without_biomes_is_a_clear_error) {
  const auto empty = kernelWithBiomes(0);
  const auto builder = encode(makeSample());
  const auto result = load(builder.v2(), "test.dat", *empty);
  const auto* d = result.diagnostics.find("enum.missing");
  BOOST_TEST_REQUIRE(d, describe(result.diagnostics));
  BOOST_TEST(*d->offset == payloadOffset(builder, kBiom));
  BOOST_TEST(d->message == "enum table 'test' lists no Biome members, so no ordinal can be "
                           "checked; pass a table that has them (--enums FILE)");
}

BOOST_AUTO_TEST_CASE(is_mandatory) {
  auto builder = encode(makeSample());
  builder.remove(kBiom);
  const auto result = load(builder.v2());
  const auto* d = result.diagnostics.find("section.missing");
  BOOST_TEST_REQUIRE(d, describe(result.diagnostics));
  BOOST_TEST(d->message == "the blueprint has no BIOM section (Biomes); it is mandatory");
  BOOST_TEST(!result.ok());
}

BOOST_AUTO_TEST_CASE(summary_counts_every_biome_and_names_the_largest) {
  auto sample = makeSample();
  // Ocean 32768, Mountain 16384, Lake and Beach 6554 each (a tie), Snow 3276.
  auto at = sample.biomes.begin();
  for (const auto& [ordinal, count] : {std::pair{0, 32768}, {10, 16384}, {2, 6554}, {1, 6554}, {11, 3276}}) {
    at = std::fill_n(at, count, static_cast<std::uint8_t>(ordinal));
  }
  BOOST_TEST_REQUIRE((at == sample.biomes.end()));
  const auto result = load(encode(sample).v2());
  BOOST_TEST_REQUIRE(result.ok(), describe(result.diagnostics));
  const auto summary = summaryOf(result, kBiom);

  BOOST_TEST(summary.brief == "Ocean 50.0%, Mountain 25.0%, Lake 10.0%, Beach 10.0%, +1 more");
  BOOST_TEST(summary.details.size() == 5u);
  BOOST_TEST(summary.details.at(4) == "Snow: 3276 px (5.0%)");
  const auto& counts = summary.json.at("counts").as_object();
  BOOST_TEST(counts.size() == 14u);  // every member, also those with no pixel
  BOOST_TEST(counts.begin()->key() == "Ocean");
  BOOST_TEST(counts.at("Ocean").as_uint64() == 32768u);
  BOOST_TEST(counts.at("Lake").as_uint64() == 6554u);
  BOOST_TEST(counts.at("Snow").as_uint64() == 3276u);
  BOOST_TEST(counts.at("Grassland").as_uint64() == 0u);
  BOOST_TEST(summary.json.at("pixel_count").as_uint64() == 65536u);
}

BOOST_AUTO_TEST_CASE(summary_of_few_biomes_has_no_remainder) {
  auto sample = makeSample();
  std::fill(sample.biomes.begin(), sample.biomes.end(), std::uint8_t{3});
  std::fill_n(sample.biomes.begin(), 256 * 256 / 4, std::uint8_t{0});
  const auto summary = summaryOf(load(encode(sample).v2()), kBiom);
  BOOST_TEST(summary.brief == "Grassland 75.0%, Ocean 25.0%");
}

BOOST_AUTO_TEST_SUITE_END()
