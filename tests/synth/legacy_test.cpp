// SPDX-License-Identifier: MIT
// The legacy v1 output, read back through the kernel's v1 reader, holds the
// v2 content that v1 can carry, under the sentinel params.
#include <boost/test/unit_test.hpp>

#include <map>

#include <isla/synth/sections.hpp>

#include "synth_fixture.hpp"
#include "test_kernel.hpp"

using namespace isla;
using namespace isla::test;

namespace {

std::map<std::string, std::vector<std::byte>> payloads(const std::vector<EncodedSection>& sections) {
  std::map<std::string, std::vector<std::byte>> out;
  for (const auto& section : sections) out[section.tag.text()] = section.payload.flatten();
  return out;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(synth_legacy)

BOOST_AUTO_TEST_CASE(v1_reads_back_as_the_v2_content_with_sentinel_params) {
  const auto sections = synth::toSections(synthBlueprint(2024, 512));
  const LoadResult result = load(v1Bytes(sections), "legacy.dat");
  BOOST_TEST_REQUIRE(result.ok(), describe(result.diagnostics));
  BOOST_TEST(result.diagnostics.find("container.legacy-v1"));
  const auto read = payloads(encodeSections(*result.blueprint, EncodeContext{}));
  auto written = payloads(sections);

  for (const char* tag : {"HGTS", "BIOM", "RDHW", "RDBR", "RDRG", "RDTL"}) {
    BOOST_TEST((read.at(tag) == written.at(tag)), tag);
  }
  // Towns: v1 has no highway-node flag, the last byte of each 10-byte town.
  auto& towns = written.at("TOWN");
  for (std::size_t flag = 4 + 9; flag < towns.size(); flag += 10) towns[flag] = std::byte{0};
  BOOST_TEST((read.at("TOWN") == towns));

  ByteWriter sentinel;
  sentinel.i32(0);    // WorldSeed unknown
  sentinel.i32(512);  // MapSize is always real
  for (int i = 0; i < 4; ++i) sentinel.f32(-1.0f);
  sentinel.str("");
  sentinel.str("");
  BOOST_TEST((read.at("PRMS") == sentinel.flatten()));
  BOOST_TEST(read.size() == 8U);  // PRMS, HGTS, BIOM, TOWN and the four road tiers
}

BOOST_AUTO_TEST_SUITE_END()
