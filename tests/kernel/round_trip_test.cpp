// SPDX-License-Identifier: MIT
// decode -> encode is byte-identical for v2; v1 -> v2 -> decode equals the
// v1 content with the sentinel params; unknown sections survive.
#include <boost/test/unit_test.hpp>

#include <isla/container/blueprint_writer.hpp>

#include "blueprint_builder.hpp"
#include "sample_blueprint.hpp"
#include "test_kernel.hpp"

using namespace isla;
using namespace isla::test;

namespace {

std::vector<std::byte> reencode(const Blueprint& blueprint, const EncodeContext& context = {}) {
  MemorySink sink;
  writeV2(encodeSections(blueprint, context), sink);
  return std::move(sink.bytes());
}

}  // namespace

BOOST_AUTO_TEST_SUITE(round_trip)

BOOST_AUTO_TEST_CASE(v2_decode_encode_is_byte_identical) {
  for (const std::uint16_t curve : {std::uint16_t{1}, std::uint16_t{3}, std::uint16_t{4}, std::uint16_t{5}}) {
    auto values = makeSample();
    values.curveVersion = curve;
    values.erosionVersion = curve % 2 ? std::uint16_t{1} : std::uint16_t{2};
    const auto bytes = encode(values).v2();
    const auto result = load(bytes);
    BOOST_TEST_REQUIRE(result.ok(), describe(result.diagnostics));
    BOOST_TEST((reencode(*result.blueprint) == bytes), "TCRV v" << curve);
  }
}

BOOST_AUTO_TEST_CASE(unknown_and_skipped_sections_are_kept_byte_for_byte) {
  auto builder = encode(makeSample());
  builder.insert(2, FourCC("FUTR"), toBytes("\x01\x02\x03 opaque payload"));
  builder.replace(FourCC("TDTL"), encodeDetail(1, 38));  // retired version: skipped
  const auto bytes = builder.v2();
  const auto result = load(bytes);
  BOOST_TEST_REQUIRE(result.ok(), describe(result.diagnostics));
  BOOST_TEST((result.blueprint->find(FourCC("TDTL"))->status == SectionStatus::Skipped));
  BOOST_TEST((reencode(*result.blueprint) == bytes));
}

BOOST_AUTO_TEST_CASE(restamping_changes_only_the_provenance_strings) {
  const auto values = makeSample();
  const auto result = load(encode(values).v2());
  const auto restamped = load(reencode(*result.blueprint, {Provenance{"2031-02-03T04:05:06Z", "beef"}}));
  BOOST_TEST_REQUIRE(restamped.ok(), describe(restamped.diagnostics));
  const auto& params = *restamped.blueprint->get<Record>(FourCC("PRMS"));
  BOOST_TEST(params.as<std::string>("GeneratedUtc") == "2031-02-03T04:05:06Z");
  BOOST_TEST(params.as<std::string>("GeneratorGitHash") == "beef");
  BOOST_TEST(params.as<std::int32_t>("WorldSeed") == values.worldSeed);
  auto expected = encode(values);
  auto withStamp = values;
  withStamp.generatedUtc = "2031-02-03T04:05:06Z";
  withStamp.generatorGitHash = "beef";
  expected.replace(FourCC("PRMS"), encodeParams(withStamp));
  BOOST_TEST((reencode(*restamped.blueprint) == expected.v2()));
}

BOOST_AUTO_TEST_CASE(v1_to_v2_decodes_to_the_v1_content_with_sentinel_params) {
  const auto v1 = load(encode(makeSample()).v1());
  BOOST_TEST_REQUIRE(v1.ok(), describe(v1.diagnostics));
  const auto v2 = load(reencode(*v1.blueprint, {Provenance{"2026-12-01T00:00:00Z", ""}}));
  BOOST_TEST_REQUIRE(v2.ok(), describe(v2.diagnostics));
  BOOST_TEST((v2.blueprint->format == SourceFormat::V2));
  BOOST_TEST(v2.blueprint->get<Record>(FourCC("PRMS"))->as<std::int32_t>("WorldSeed") == 0);
  BOOST_TEST(v2.blueprint->get<Record>(FourCC("PRMS"))->as<std::string>("GeneratedUtc") == "2026-12-01T00:00:00Z");
  BOOST_TEST_REQUIRE(v2.blueprint->sections.size() == v1.blueprint->sections.size());
  for (std::size_t i = 1; i < v1.blueprint->sections.size(); ++i) {
    const auto& a = v1.blueprint->sections[i];
    const auto& b = v2.blueprint->sections[i];
    BOOST_TEST(a.tag.text() == b.tag.text());
    ByteWriter left, right;
    a.codec->encode(a.content, left, {});
    b.codec->encode(b.content, right, {});
    BOOST_TEST((left.flatten() == right.flatten()), a.tag.text());
  }
}

BOOST_AUTO_TEST_CASE(v1_written_from_v2_reads_back_as_the_same_content) {
  auto v2 = encode(makeSample());
  const auto fromV1 = load(v2.v1());
  BOOST_TEST_REQUIRE(fromV1.ok(), describe(fromV1.diagnostics));
  for (const FourCC tag : {FourCC("HGTS"), FourCC("BIOM"), FourCC("RDHW"), FourCC("RDBR"), FourCC("RDRG"),
                           FourCC("RDTL")}) {
    const auto& section = *fromV1.blueprint->find(tag);
    ByteWriter out;
    section.codec->encode(section.content, out, {});
    BOOST_TEST((out.flatten() == v2.payload(tag)), tag.text());
  }
}

BOOST_AUTO_TEST_CASE(a_failed_section_cannot_be_written) {
  auto values = makeSample();
  values.biomes[0] = 99;
  const auto result = load(encode(values).v2());
  BOOST_CHECK_EXCEPTION(encodeSections(*result.blueprint, {}), EncodeError, [](const EncodeError& error) {
    return std::string(error.what()).starts_with("cannot write BIOM: it did not decode (");
  });
}

BOOST_AUTO_TEST_SUITE_END()
