// SPDX-License-Identifier: MIT
// The fuzz harness: plain C++ that the libFuzzer entry points and the corpus
// replay test share. Each function returns 0 for any input the toolkit
// handles correctly (accepting or rejecting it) and aborts on a finding: a
// broken invariant, or an exception where the contract allows none.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include <isla/base/fourcc.hpp>
#include <isla/kernel.hpp>

namespace isla::fuzz {

// Reads the input as a blueprint file (v2, or legacy v1 when it starts with
// 0x07), summarises, validates and re-encodes whatever loads.
int fuzzBlueprint(std::span<const std::byte> input);

// The first byte selects a section codec and a MapSize (sectionSelector),
// the rest is that section's payload, decoded and re-encoded on its own.
int fuzzSection(std::span<const std::byte> input);

// The selector byte of fuzzSection for `tag` at MapSize 256. With
// kMapSizeFollows set as well, the next byte picks MapSize 256 + byte % 16.
inline constexpr std::uint8_t kMapSizeFollows = 0x80;
std::uint8_t sectionSelector(FourCC tag);

// One kernel with every built-in plugin and the shipped enum table.
const Kernel& fuzzKernel();

}  // namespace isla::fuzz
