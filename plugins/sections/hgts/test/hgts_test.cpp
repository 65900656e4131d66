// SPDX-License-Identifier: MIT
#include <boost/test/unit_test.hpp>

#include <cmath>
#include <cstring>
#include <limits>

#include "sample_blueprint.hpp"
#include "section_fixture.hpp"
#include "test_kernel.hpp"

using namespace isla;
using namespace isla::test;

BOOST_AUTO_TEST_SUITE(hgts)

BOOST_AUTO_TEST_CASE(is_a_view_over_the_file_not_a_copy) {
  const auto bytes = encode(makeSample()).v2();
  auto owned = std::make_shared<const std::vector<std::byte>>(bytes);
  const auto result = readBlueprint(std::span<const std::byte>(*owned), "view.dat", owned, sharedKernel());
  BOOST_TEST_REQUIRE(result.ok(), describe(result.diagnostics));
  const auto* heights = result.blueprint->get<Raster>(FourCC("HGTS"));
  BOOST_TEST_REQUIRE(heights);
  BOOST_TEST(heights->bytes().data() >= owned->data());
  BOOST_TEST(heights->bytes().data() < owned->data() + owned->size());
}

BOOST_AUTO_TEST_CASE(reads_x_outer_y_inner) {
  const auto sample = makeSample();
  const auto result = load(encode(sample).v2());
  const auto* heights = result.blueprint->get<Raster>(FourCC("HGTS"));
  BOOST_TEST_REQUIRE(heights);
  BOOST_TEST(heights->at<float>(3, 200) == sample.heights[3 * 256 + 200]);
  BOOST_TEST(heights->at<float>(200, 3) == sample.heights[200 * 256 + 3]);
}

BOOST_AUTO_TEST_CASE(length_must_equal_four_map_size_squared) {
  auto builder = encode(makeSample());
  builder.payload(FourCC("HGTS")).resize(4 * 256 * 256 - 4);
  const auto result = load(builder.v2());
  const auto* d = result.diagnostics.find("grid.length-mismatch");
  BOOST_TEST_REQUIRE(d, describe(result.diagnostics));
  BOOST_TEST(d->message == "payload is 262140 bytes; MapSize 256 needs 4 x 256^2 = 262144 bytes (f32 per pixel)");
  BOOST_TEST(d->tag->text() == "HGTS");
  BOOST_TEST(!result.ok());
}

BOOST_AUTO_TEST_CASE(non_finite_heights_load_bit_exact) {
  auto sample = makeSample();
  const float nan = std::numeric_limits<float>::quiet_NaN();
  const float inf = std::numeric_limits<float>::infinity();
  const float subnormal = std::numeric_limits<float>::denorm_min();
  sample.heights[7] = nan;
  sample.heights[8] = -inf;
  sample.heights[9] = subnormal;
  const auto result = load(encode(sample).v2());
  BOOST_TEST_REQUIRE(result.ok(), describe(result.diagnostics));
  const auto* heights = result.blueprint->get<Raster>(FourCC("HGTS"));
  BOOST_TEST(std::isnan(heights->at<float>(0, 7)));
  BOOST_TEST(heights->at<float>(0, 8) == -inf);
  BOOST_TEST(heights->at<float>(0, 9) == subnormal);

  const auto& section = *result.blueprint->find(FourCC("HGTS"));
  const auto summary = summaryOf(section);
  BOOST_TEST(summary.json.at("nan_count").as_uint64() == 1u);
  BOOST_TEST(summary.json.at("infinite_count").as_uint64() == 1u);
  BOOST_TEST(summary.brief.find("2 non-finite") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(summary_gives_raw_and_metres) {
  auto sample = makeSample();
  std::fill(sample.heights.begin(), sample.heights.end(), 0.5f);
  sample.heights[0] = 0.25f;
  sample.heights[1] = 1.0f;
  const auto result = load(encode(sample).v2());
  const auto& section = *result.blueprint->find(FourCC("HGTS"));
  const auto summary = summaryOf(section, {251.0, 1.0});
  BOOST_TEST(summary.json.at("min_raw").as_double() == 0.25);
  BOOST_TEST(summary.json.at("max_raw").as_double() == 1.0);
  BOOST_TEST(summary.json.at("max_m").as_double() == 251.0);
  BOOST_TEST(summary.brief.rfind("raw min 0.2500 max 1.0000", 0) == 0);
}

BOOST_AUTO_TEST_SUITE_END()
