// SPDX-License-Identifier: MIT
// The legacy v1 reader and writer: v1 loads into the same model as v2, with
// the sentinel params, and gets the safety checks v1 itself lacks.
#include <boost/test/unit_test.hpp>

#include <cstring>

#include "blueprint_builder.hpp"
#include "sample_blueprint.hpp"
#include "test_kernel.hpp"

using namespace isla;
using namespace isla::test;

namespace {

// Offsets in a v1 file of MapSize n.
constexpr std::uint64_t kV1MapSizeOffset = 8;  // after the 8-byte string "\x07ISLA_V1"
constexpr std::uint64_t kV1PixelOffset = 12;
std::uint64_t townsOffset(std::uint64_t n) { return kV1PixelOffset + 8 * n * n; }

std::vector<std::byte> v1Sample() { return encode(makeSample()).v1(); }

}  // namespace

BOOST_AUTO_TEST_SUITE(legacy_v1)

BOOST_AUTO_TEST_CASE(loads_into_the_v2_model_with_sentinel_params_and_a_warning) {
  const auto sample = makeSample();
  const auto result = load(v1Sample(), "old_v1.dat");
  BOOST_TEST_REQUIRE(result.ok(), describe(result.diagnostics));
  BOOST_TEST((result.blueprint->format == SourceFormat::LegacyV1));
  const auto& warning = *result.diagnostics.find("container.legacy-v1");
  BOOST_TEST((warning.severity == Severity::Warning));
  BOOST_TEST(warning.message.find("convert it to v2 with 'isla-tool convert'") != std::string::npos);

  const auto& params = *result.blueprint->get<Record>(FourCC("PRMS"));
  BOOST_TEST(params.as<std::int32_t>("WorldSeed") == 0);
  BOOST_TEST(params.as<std::int32_t>("MapSize") == 256);
  for (const auto* field : {"CraterRadius", "DensityMultiplier", "ImpactCenterX", "ImpactCenterY"}) {
    BOOST_TEST(params.as<float>(field) == -1.0f);
  }
  BOOST_TEST(params.as<std::string>("GeneratedUtc").empty());

  const auto* heights = result.blueprint->get<Raster>(FourCC("HGTS"));
  BOOST_TEST(std::memcmp(heights->bytes().data(), sample.heights.data(), heights->bytes().size()) == 0);
  const auto* biomes = result.blueprint->get<Raster>(FourCC("BIOM"));
  BOOST_TEST(std::memcmp(biomes->bytes().data(), sample.biomes.data(), biomes->bytes().size()) == 0);
  const auto& towns = *result.blueprint->get<Table>(FourCC("TOWN"));
  BOOST_TEST_REQUIRE(towns.rows.size() == sample.towns.size());
  BOOST_TEST(towns.rows[0].as<std::uint8_t>("tier") == sample.towns[0].tier);
  BOOST_TEST(towns.rows[0].as<std::uint8_t>("isHighwayNode") == 0);  // v1 dropped the flag
  BOOST_TEST(result.blueprint->get<PolylineSet>(FourCC("RDRG"))->size() == 2u);
  BOOST_TEST(result.blueprint->get<PolylineSet>(FourCC("RDTL"))->size() == 0u);
  BOOST_TEST(!result.blueprint->find(FourCC("WBID")));  // v1 carries no water
}

BOOST_AUTO_TEST_CASE(trailing_bytes_after_the_trail_block_are_ignored) {
  auto bytes = v1Sample();
  bytes.resize(bytes.size() + 100, std::byte{0x5A});
  BOOST_TEST(load(bytes).ok());
}

BOOST_AUTO_TEST_CASE(map_size_is_bounded_before_any_allocation) {
  for (const std::int32_t bad : {0, -5, 255, 32769, 0x7FFFFFFF}) {
    auto bytes = v1Sample();
    patchI32(bytes, kV1MapSizeOffset, bad);
    const auto result = load(bytes);
    BOOST_TEST(!result.blueprint);
    BOOST_TEST(result.diagnostics.find("mapsize.out-of-range")->offset.value() == kV1MapSizeOffset);
  }
  auto big = v1Sample();
  patchI32(big, kV1MapSizeOffset, 32768);
  const auto result = load(big);
  const auto& d = *result.diagnostics.find("bytes.truncated");
  BOOST_TEST(d.message.starts_with("the pixel block of MapSize 32768 needs 8589934592 bytes"));
}

BOOST_AUTO_TEST_CASE(truncation_at_every_field_boundary_is_an_error) {
  const auto full = v1Sample();
  const std::uint64_t towns = townsOffset(256);
  std::vector<std::uint64_t> cuts{0, 1, 7, 8, 11, 12, 13, 12 + 8 * 1000, towns - 1, towns, towns + 3,
                                  towns + 4, towns + 16, towns + 4 + 12 * 4 - 1};
  // Every byte of the road blocks.
  for (std::uint64_t at = towns + 4 + 12 * 4; at < full.size(); ++at) cuts.push_back(at);
  for (const auto cut : cuts) {
    const auto result = load({full.begin(), full.begin() + static_cast<std::ptrdiff_t>(cut)});
    BOOST_TEST(!result.ok(), "a v1 file cut at " << cut << " loaded");
  }
}

BOOST_AUTO_TEST_CASE(negative_and_oversized_counts_are_refused) {
  auto negative = v1Sample();
  patchI32(negative, townsOffset(256), -1);
  BOOST_TEST(load(negative).diagnostics.find("count.negative"));
  auto huge = v1Sample();
  patchI32(huge, townsOffset(256), 100000000);
  BOOST_TEST(load(huge).diagnostics.find("count.exceeds-payload"));
}

BOOST_AUTO_TEST_CASE(ordinals_are_range_checked) {
  auto wide = v1Sample();
  patchI32(wide, kV1PixelOffset + 8 * 5 + 4, 300);  // pixel 5's biome
  const auto result = load(wide);
  const auto& d = *result.diagnostics.find("biom.ordinal-out-of-range");
  BOOST_TEST(d.message == "1 biome ordinals are outside 0..255, first 300 at pixel (0, 5)");
  BOOST_TEST(d.offset.value() == kV1PixelOffset + 8 * 5 + 4);

  auto enumRange = v1Sample();
  patchI32(enumRange, kV1PixelOffset + 8 * 7 + 4, 14);  // one past Wasteland
  BOOST_TEST(load(enumRange).diagnostics.find("biom.ordinal-out-of-range"));

  auto tier = v1Sample();
  patchI32(tier, townsOffset(256) + 4 + 8, 4);  // town 0's tier, one past City
  BOOST_TEST(load(tier).diagnostics.find("town.tier-out-of-range"));
}

BOOST_AUTO_TEST_CASE(a_v1_body_under_a_v2_header_is_refused) {
  auto bytes = toBytes("ISLA");
  const std::vector<std::byte> version{std::byte{2}, std::byte{0}, std::byte{0}, std::byte{0}};
  bytes.insert(bytes.end(), version.begin(), version.end());
  const auto body = v1Sample();
  bytes.insert(bytes.end(), body.begin() + 8, body.end());
  BOOST_TEST(!load(bytes).ok());
}

BOOST_AUTO_TEST_SUITE_END()
