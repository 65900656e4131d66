// SPDX-License-Identifier: MIT
// Synthesized blueprints for the synth tests, each made once per binary.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include <isla/container/blueprint_writer.hpp>
#include <isla/synth/generator.hpp>

namespace isla::test {

synth::Settings synthSettings(std::int32_t seed, std::int32_t mapSize);

// The seeds and sizes the suite checks every property on.
struct SynthCase {
  std::int32_t seed;
  std::int32_t mapSize;
};
const std::vector<SynthCase>& synthCases();

// synthesize() with the test kernel's enum table, cached by (seed, size).
const synth::Blueprint& synthBlueprint(std::int32_t seed, std::int32_t mapSize);

std::vector<std::byte> v2Bytes(const std::vector<EncodedSection>& sections);
std::vector<std::byte> v1Bytes(const std::vector<EncodedSection>& sections);
// generate() framed as v2.
std::vector<std::byte> synthBytes(const synth::Settings& settings);

}  // namespace isla::test
