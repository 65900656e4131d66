// SPDX-License-Identifier: MIT
// A synthesized blueprint loads with no error or warning and passes every
// validator the test kernel registers, whichever they are today.
#include <boost/test/unit_test.hpp>

#include <isla/plugin/registry.hpp>
#include <isla/synth/sections.hpp>
#include <isla/plugin/validator.hpp>

#include "synth_fixture.hpp"
#include "test_kernel.hpp"

using namespace isla;
using namespace isla::test;

namespace {

// Every registered validator, each with its own declared option defaults,
// as `isla-tool validate` runs them.
Diagnostics validateAll(const Blueprint& blueprint) {
  const Kernel& kernel = sharedKernel();
  Diagnostics found;
  for (const auto* registration : kernel.registry().validators()) {
    const OptionValues options = resolveOptions(registration->object->name(), registration->object->options(), {});
    const ValidationContext context{kernel.enums(), kernel.units(), options};
    Diagnostics diagnostics;
    registration->object->check(blueprint, context, diagnostics);
    for (auto diagnostic : diagnostics.items()) {
      diagnostic.origin = registration->object->name();
      found.add(std::move(diagnostic));
    }
  }
  return found;
}

void requireValid(const std::vector<EncodedSection>& sections, const std::string& what) {
  const LoadResult result = load(v2Bytes(sections), what + ".dat");
  BOOST_TEST_REQUIRE(result.ok(), what << ":\n" << describe(result.diagnostics));
  BOOST_TEST(result.diagnostics.count(Severity::Warning) == 0U, what << ":\n"
                                                                     << describe(result.diagnostics));
  const Diagnostics found = validateAll(*result.blueprint);
  BOOST_TEST(found.count(Severity::Error) == 0U, what << ":\n" << describe(found));
  BOOST_TEST(found.count(Severity::Warning) == 0U, what << ":\n" << describe(found));
}

}  // namespace

BOOST_AUTO_TEST_SUITE(synth_validity)

BOOST_AUTO_TEST_CASE(loads_cleanly_and_passes_every_validator) {
  BOOST_TEST_MESSAGE(sharedKernel().registry().validators().size() << " validators registered");
  for (const auto& c : synthCases()) {
    requireValid(synth::toSections(synthBlueprint(c.seed, c.mapSize)),
                 "seed " + std::to_string(c.seed) + " size " + std::to_string(c.mapSize));
  }
}

BOOST_AUTO_TEST_CASE(every_option_combination_is_valid_too) {
  auto settings = synthSettings(606, 256);
  settings.erosion = true;
  requireValid(synth::generate(settings, sharedKernel().enums()), "erosion");
  settings.roads = false;
  requireValid(synth::generate(settings, sharedKernel().enums()), "skip roads");
  settings.curve = false;
  settings.isletDensity = 0;
  settings.towns = 0;
  settings.lakes = 0;
  requireValid(synth::generate(settings, sharedKernel().enums()), "bare");
  settings = synthSettings(606, 300);
  settings.seaLevel = 0.4f;
  settings.isletDensity = 0.5f;
  requireValid(synth::generate(settings, sharedKernel().enums()), "high sea, dense islets, size 300");
}

BOOST_AUTO_TEST_SUITE_END()
