// SPDX-License-Identifier: MIT
// fuzzBundle: the viewer-bundle reader takes any bytes as a ZIP without
// throwing; what it accepts has runtime numbers within the layout's ranges,
// a blueprint member and every member listed once.
#include <isla/bundle/source_bundle.hpp>
#include <isla/world/layout_limits.hpp>

#include <string>

#include "finding.hpp"
#include "harness.hpp"

namespace isla::fuzz {

namespace {

void checkAccepted(const SourceBundle& bundle, const Diagnostics& diagnostics) {
  if (diagnostics.hasErrors()) finding("a bundle was accepted with errors");
  const BundleRuntime& runtime = bundle.runtime;
  if (runtime.mapSize < 256 || runtime.mapSize > kMaxMapSize) finding("an accepted runtime.json has a bad map_size");
  for (const auto& [value, range] : {std::pair{runtime.spacingM, kSpacingRange}, {runtime.heightScaleM, kHeightScaleRange}}) {
    if (const auto why = outOfRange(value, range)) finding("an accepted runtime.json has " + *why);
  }
  if (!bundle.blueprint) finding("an accepted bundle has no blueprint");
  for (std::size_t i = 1; i < bundle.members.size(); ++i) {
    if (!(bundle.members[i - 1].name < bundle.members[i].name)) finding("an accepted bundle's members repeat");
  }
}

}  // namespace

int fuzzBundle(std::span<const std::byte> input) {
  Diagnostics diagnostics;
  std::optional<SourceBundle> bundle;
  try {
    bundle = readBundle(input, "fuzz.zip", diagnostics);
  } catch (const std::exception& error) {
    finding(std::string("the bundle reader threw: ") + error.what());
  }
  if (bundle) {
    checkAccepted(*bundle, diagnostics);
  } else if (!diagnostics.hasErrors()) {
    finding("a bundle was refused without an error");
  }
  return 0;
}

}  // namespace isla::fuzz
