// SPDX-License-Identifier: MIT
#include <boost/test/unit_test.hpp>

#include <isla/json/json_text.hpp>

#include <algorithm>
#include <cmath>
#include <limits>

#include <isla/model/water_level.hpp>
#include "sample_blueprint.hpp"
#include "section_fixture.hpp"
#include "test_kernel.hpp"

using namespace isla;
using namespace isla::test;

namespace {

constexpr FourCC kWsrf{"WSRF"};
constexpr int kRefused = -1;

// The code as a printable number, or kRefused.
int codeOf(float level) {
  const auto code = isla::water_surface::encodeWaterLevel(level);
  return code ? int{*code} : kRefused;
}

SectionSummary summarize(const SampleBlueprint& sample, Units units = {}) {
  return summaryOf(load(encode(sample).v2()), kWsrf, units);
}

SampleBlueprint withoutWater() {
  auto sample = makeSample();
  std::ranges::fill(sample.waterSurface, std::uint16_t{0});
  return sample;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(wsrf)

BOOST_AUTO_TEST_CASE(level_code_round_trips) {
  BOOST_TEST(codeOf(0.0f) == 1);
  BOOST_TEST(*isla::water_surface::decodeWaterLevel(1) == 0.0f);

  // 0.15 x 32768 = 4915.2: code 4916, which holds 4915 / 32768.
  BOOST_TEST(codeOf(0.15f) == 4916);
  BOOST_TEST(*isla::water_surface::decodeWaterLevel(4916) == 4915.0f / 32768.0f);
  BOOST_TEST(std::abs(*isla::water_surface::decodeWaterLevel(4916) - 0.15f) <= 0.5f / 32768.0f);

  // The top code holds (65535 - 1) / 32768, about 1.99994.
  BOOST_TEST(codeOf(isla::water_surface::kMaxLevel) == 65535);
  BOOST_TEST(*isla::water_surface::decodeWaterLevel(65535) == 65534.0f / 32768.0f);
  BOOST_TEST(std::abs(isla::water_surface::kMaxLevel - 1.99994f) < 1e-5f);
}

BOOST_AUTO_TEST_CASE(every_code_survives_decode_then_encode) {
  for (int code = 1; code <= 65535; ++code) {
    const auto level = isla::water_surface::decodeWaterLevel(static_cast<std::uint16_t>(code));
    BOOST_TEST_REQUIRE(level.has_value());
    BOOST_TEST_REQUIRE(codeOf(*level) == code);
  }
  BOOST_TEST(!isla::water_surface::decodeWaterLevel(0).has_value());  // the no-water sentinel
}

BOOST_AUTO_TEST_CASE(encode_agrees_with_the_spec_encoder) {
  for (const float level : {0.0f, 0.1f, 0.15f, 0.26f, 0.4f, 1.0f, 1.5f, 1.99f}) {
    BOOST_TEST(codeOf(level) == int{isla::test::encodeWaterLevel(level)});
  }
}

BOOST_AUTO_TEST_CASE(encode_refuses_levels_no_code_holds) {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  const float inf = std::numeric_limits<float>::infinity();
  const float aboveMax = std::nextafter(isla::water_surface::kMaxLevel, inf);
  // The spec's "~1.99997" is above the top code: 1 + round(1.99997 x 32768) = 65536.
  for (const float level : {-1e-6f, -0.15f, -inf, nan, inf, aboveMax, 1.99997f, 2.0f}) {
    BOOST_TEST(codeOf(level) == kRefused, "level " << level);
  }
  BOOST_TEST(codeOf(-0.0f) == 1);  // minus zero is zero
}

BOOST_AUTO_TEST_CASE(decodes_every_pixel_x_outer_y_inner) {
  const auto sample = makeSample();
  const auto result = load(encode(sample).v2());
  BOOST_TEST_REQUIRE(result.ok(), describe(result.diagnostics));
  const auto* surface = result.blueprint->get<Raster>(kWsrf);
  BOOST_TEST_REQUIRE(surface);
  BOOST_TEST(elementTypeName(surface->type()) == "u16");
  const auto ocean = isla::water_surface::decodeWaterLevel(surface->at<std::uint16_t>(0, 0));
  const auto lake = isla::water_surface::decodeWaterLevel(surface->at<std::uint16_t>(256 / 3, 256 / 2));
  BOOST_TEST_REQUIRE((ocean && lake));
  BOOST_TEST(std::abs(*ocean - kSampleSeaLevel) <= 0.5f / 32768.0f);
  BOOST_TEST(std::abs(*lake - 0.40f) <= 0.5f / 32768.0f);
  BOOST_TEST(!isla::water_surface::decodeWaterLevel(surface->at<std::uint16_t>(127, 127)));  // dry land
  const auto values = surface->values<std::uint16_t>();
  BOOST_TEST(std::ranges::equal(values, sample.waterSurface, [](auto a, auto b) { return a.value() == b; }));
}

BOOST_AUTO_TEST_CASE(encode_is_byte_identical) {
  auto builder = encode(makeSample());
  const auto result = load(builder.v2());
  BOOST_TEST_REQUIRE(result.ok(), describe(result.diagnostics));
  const auto& section = *result.blueprint->find(kWsrf);
  ByteWriter out;
  section.codec->encode(section.content, out, EncodeContext{});
  BOOST_TEST((out.flatten() == builder.payload(kWsrf)));
}

BOOST_AUTO_TEST_CASE(length_must_equal_two_map_size_squared) {
  auto builder = encode(makeSample());
  builder.payload(kWsrf).resize(2 * 256 * 256 + 2);
  const auto result = load(builder.v2());
  const auto* d = result.diagnostics.find("grid.length-mismatch");
  BOOST_TEST_REQUIRE(d, describe(result.diagnostics));
  BOOST_TEST(d->message == "payload is 131074 bytes; MapSize 256 needs 2 x 256^2 = 131072 bytes (u16 per pixel)");
  BOOST_TEST(d->tag->text() == "WSRF");
  BOOST_TEST(!result.ok());
}

BOOST_AUTO_TEST_CASE(is_optional) {
  auto builder = encode(makeSample());
  builder.remove(kWsrf);
  const auto result = load(builder.v2());
  BOOST_TEST(result.ok(), describe(result.diagnostics));
  BOOST_TEST(std::ranges::none_of(result.diagnostics.items(), [](const Diagnostic& d) { return d.tag == kWsrf; }),
             describe(result.diagnostics));
}

BOOST_AUTO_TEST_CASE(summary_gives_the_level_range_raw_and_metres) {
  auto sample = withoutWater();
  std::fill_n(sample.waterSurface.begin() + 100, 50, std::uint16_t{4916});      // 4915 / 32768
  std::fill_n(sample.waterSurface.begin() + 40000, 7, std::uint16_t{13108});    // 13107 / 32768
  sample.waterSurface.back() = 8193;                                            // 0.25 exactly
  const auto summary = summarize(sample);
  const double lowest = jsonFloat(4915.0f / 32768.0f);
  const double highest = jsonFloat(13107.0f / 32768.0f);
  BOOST_TEST(summary.json.at("pixel_count").as_uint64() == 65536u);
  BOOST_TEST(summary.json.at("water_pixel_count").as_uint64() == 58u);
  BOOST_TEST(summary.json.at("min_level_raw").as_double() == lowest);
  BOOST_TEST(summary.json.at("max_level_raw").as_double() == highest);
  BOOST_TEST(summary.json.at("min_level_m").as_double() == lowest * 251.0);
  BOOST_TEST(summary.json.at("max_level_m").as_double() == highest * 251.0);
  BOOST_TEST(summary.brief == "water 58 px, level 0.1499939 .. 0.3999939 raw (37.65 .. 100.40 m)");
}

BOOST_AUTO_TEST_CASE(summary_metres_follow_the_height_scale) {
  auto sample = withoutWater();
  sample.waterSurface[0] = 8193;  // 0.25 raw
  const auto summary = summarize(sample, Units{100.0, 1.0});
  BOOST_TEST(summary.json.at("min_level_m").as_double() == 25.0);
  BOOST_TEST(summary.json.at("max_level_m").as_double() == 25.0);
  BOOST_TEST(summary.brief == "water 1 px, level 0.25 .. 0.25 raw (25.00 .. 25.00 m)");
}

BOOST_AUTO_TEST_CASE(summary_counts_a_map_that_is_all_water) {
  auto sample = makeSample();
  std::ranges::fill(sample.waterSurface, std::uint16_t{4916});  // more pixels than a u16 counts
  const auto summary = summarize(sample);
  BOOST_TEST(summary.json.at("water_pixel_count").as_uint64() == 65536u);
  BOOST_TEST(summary.json.at("min_level_raw").as_double() == summary.json.at("max_level_raw").as_double());
}

BOOST_AUTO_TEST_CASE(summary_without_water_has_null_levels) {
  const auto summary = summarize(withoutWater());
  BOOST_TEST(summary.brief == "no water (every code is 0)");
  BOOST_TEST(summary.json.at("water_pixel_count").as_uint64() == 0u);
  BOOST_TEST(summary.json.at("min_level_raw").is_null());
  BOOST_TEST(summary.json.at("max_level_m").is_null());
}

BOOST_AUTO_TEST_SUITE_END()
