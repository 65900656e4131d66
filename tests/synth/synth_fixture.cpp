// SPDX-License-Identifier: MIT
#include "synth_fixture.hpp"

#include <map>
#include <utility>

#include <isla/synth/sections.hpp>

#include "test_kernel.hpp"

namespace isla::test {

synth::Settings synthSettings(std::int32_t seed, std::int32_t mapSize) {
  synth::Settings settings;
  settings.seed = seed;
  settings.mapSize = mapSize;
  return settings;
}

const std::vector<SynthCase>& synthCases() {
  static const std::vector<SynthCase> cases{{1, 256}, {-77, 256}, {2024, 512}, {31337, 1024}};
  return cases;
}

const synth::Blueprint& synthBlueprint(std::int32_t seed, std::int32_t mapSize) {
  static std::map<std::pair<std::int32_t, std::int32_t>, synth::Blueprint> made;
  auto [at, fresh] = made.try_emplace({seed, mapSize});
  if (fresh) at->second = synth::synthesize(synthSettings(seed, mapSize), sharedKernel().enums());
  return at->second;
}

std::vector<std::byte> v2Bytes(const std::vector<EncodedSection>& sections) {
  MemorySink sink;
  writeV2(sections, sink);
  return std::move(sink.bytes());
}

std::vector<std::byte> v1Bytes(const std::vector<EncodedSection>& sections) {
  MemorySink sink;
  writeV1(sections, sink);
  return std::move(sink.bytes());
}

std::vector<std::byte> synthBytes(const synth::Settings& settings) {
  return v2Bytes(synth::generate(settings, sharedKernel().enums()));
}

}  // namespace isla::test
