// SPDX-License-Identifier: MIT
// Same settings, same bytes, whatever the thread count; another seed, other
// bytes.
#include <boost/test/unit_test.hpp>

#include <algorithm>

#include <isla/synth/sections.hpp>

#include "synth_fixture.hpp"
#include "test_kernel.hpp"

using namespace isla;
using namespace isla::test;

namespace {

std::vector<std::byte> payloadOf(const std::vector<EncodedSection>& sections, FourCC tag) {
  const auto at =
      std::find_if(sections.begin(), sections.end(), [&](const EncodedSection& s) { return s.tag == tag; });
  return at == sections.end() ? std::vector<std::byte>{} : at->payload.flatten();
}

}  // namespace

BOOST_AUTO_TEST_SUITE(synth_determinism)

BOOST_AUTO_TEST_CASE(the_same_settings_give_the_same_bytes) {
  auto settings = synthSettings(4242, 512);
  settings.erosion = true;
  const auto first = synthBytes(settings);
  BOOST_TEST((synthBytes(settings) == first));
}

BOOST_AUTO_TEST_CASE(the_thread_count_never_changes_the_bytes) {
  auto settings = synthSettings(99, 512);
  settings.erosion = true;
  settings.threads = 1;
  const auto single = synthBytes(settings);
  for (const unsigned threads : {2U, 3U, 7U}) {
    settings.threads = threads;
    BOOST_TEST((synthBytes(settings) == single), threads << " threads");
  }
}

BOOST_AUTO_TEST_CASE(another_seed_gives_another_island) {
  const auto& enums = sharedKernel().enums();
  const auto a = synth::generate(synthSettings(1, 256), enums);
  const auto b = synth::generate(synthSettings(2, 256), enums);
  BOOST_TEST((v2Bytes(a) != v2Bytes(b)));
  // Not only the params: the terrain itself differs.
  for (const FourCC tag : {FourCC("HGTS"), FourCC("BIOM"), FourCC("WBID"), FourCC("TOWN")}) {
    BOOST_TEST((payloadOf(a, tag) != payloadOf(b, tag)), tag.text());
  }
}

BOOST_AUTO_TEST_CASE(the_output_is_a_pure_function_of_the_settings) {
  // No clock, no host name: the fixed GeneratedUtc and an empty git hash.
  const auto& params = synthBlueprint(1, 256).params;
  BOOST_TEST(params.generatedUtc == "2000-01-01T00:00:00Z");
  BOOST_TEST(params.generatorGitHash == "");
}

BOOST_AUTO_TEST_SUITE_END()
