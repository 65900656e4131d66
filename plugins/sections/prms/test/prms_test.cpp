// SPDX-License-Identifier: MIT
#include <boost/test/unit_test.hpp>

#include <isla/container/blueprint_writer.hpp>

#include "sample_blueprint.hpp"
#include "section_fixture.hpp"
#include "test_kernel.hpp"

using namespace isla;
using namespace isla::test;

BOOST_AUTO_TEST_SUITE(prms)

BOOST_AUTO_TEST_CASE(decodes_every_field_by_name) {
  const auto sample = makeSample();
  const auto result = load(encode(sample).v2());
  BOOST_TEST_REQUIRE(result.ok(), describe(result.diagnostics));
  const auto* params = result.blueprint->get<Record>(FourCC("PRMS"));
  BOOST_TEST_REQUIRE(params);
  BOOST_TEST(params->as<std::int32_t>("WorldSeed") == sample.worldSeed);
  BOOST_TEST(params->as<std::int32_t>("MapSize") == sample.mapSize);
  BOOST_TEST(params->as<float>("CraterRadius") == sample.craterRadius);
  BOOST_TEST(params->as<float>("ImpactCenterY") == sample.impactCenterY);
  BOOST_TEST(params->as<std::string>("GeneratedUtc") == sample.generatedUtc);
  BOOST_TEST(params->as<std::string>("GeneratorGitHash") == sample.generatorGitHash);
  BOOST_TEST(result.blueprint->mapSize == sample.mapSize);
}

BOOST_AUTO_TEST_CASE(restamps_provenance_only_when_asked) {
  const auto result = load(encode(makeSample()).v2());
  BOOST_TEST_REQUIRE(result.ok());
  const auto& section = *result.blueprint->find(FourCC("PRMS"));
  ByteWriter kept;
  section.codec->encode(section.content, kept, EncodeContext{});
  BOOST_TEST((kept.flatten() == encodeParams(makeSample())));

  ByteWriter restamped;
  section.codec->encode(section.content, restamped, EncodeContext{Provenance{"2030-01-01T00:00:00Z", "f00d"}});
  auto expected = makeSample();
  expected.generatedUtc = "2030-01-01T00:00:00Z";
  expected.generatorGitHash = "f00d";
  BOOST_TEST((restamped.flatten() == encodeParams(expected)));
}

BOOST_AUTO_TEST_CASE(map_size_outside_the_bound_is_refused_with_its_offset) {
  for (const std::int32_t bad : {0, 255, 32769, -1}) {
    auto builder = encode(makeSample());
    auto bytes = builder.v2();
    const auto mapSizeOffset = builder.offsetOf(FourCC("PRMS")) + 12 + 4;
    patchI32(bytes, mapSizeOffset, bad);
    const auto result = load(bytes);
    const auto* d = result.diagnostics.find("mapsize.out-of-range");
    BOOST_TEST_REQUIRE(d, describe(result.diagnostics));
    BOOST_TEST(*d->offset == mapSizeOffset);
    BOOST_TEST(d->message.find("256..32768") != std::string::npos);
  }
}

BOOST_AUTO_TEST_CASE(summary_marks_the_v1_sentinels) {
  auto sample = makeSample();
  sample.worldSeed = 0;
  sample.craterRadius = sample.densityMultiplier = sample.impactCenterX = sample.impactCenterY = -1.0f;
  const auto result = load(encode(sample).v2());
  BOOST_TEST_REQUIRE(result.ok());
  const auto& section = *result.blueprint->find(FourCC("PRMS"));
  const auto summary = summaryOf(section);
  BOOST_TEST(summary.json.at("sentinels").as_array().size() == 5u);
  BOOST_TEST(summary.details.at(0) == "WorldSeed: 0 (sentinel: unknown, re-encoded from v1)");
}

BOOST_AUTO_TEST_SUITE_END()
