// SPDX-License-Identifier: MIT
// The round-trip invariant of the writers: decode -> encode reproduces the
// payload byte for byte, and what it produces decodes to the same model.
#pragma once

#include <span>
#include <string_view>

#include <isla/model/section.hpp>

namespace isla::fuzz {

// Model equality, floats compared by their bits: NaN payloads and -0 must
// survive a round trip too.
bool sameContent(const SectionContent& a, const SectionContent& b);

// Aborts unless `reencoded` (written from `decoded`, which was read from
// `original`) decodes to the same model (`redecoded`) and equals `original`.
// The one allowed difference: a .NET string length written in more 7-bit
// groups than needed is accepted by the reader (DECISIONS.md) and written
// minimal, so such a payload re-encodes shorter.
void requireSameEncoding(std::string_view what, std::span<const std::byte> original,
                         std::span<const std::byte> reencoded, const SectionContent& decoded,
                         const SectionContent& redecoded);

}  // namespace isla::fuzz
