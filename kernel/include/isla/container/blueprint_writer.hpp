// SPDX-License-Identifier: MIT
// The writers: encode a blueprint's sections (decoded ones through their codec,
// skipped ones byte for byte) and frame them as v2, or as legacy v1.
#pragma once

#include <span>
#include <stdexcept>
#include <vector>

#include "isla/io/byte_writer.hpp"
#include "isla/base/fourcc.hpp"
#include "isla/model/blueprint.hpp"
#include "isla/plugin/section_codec.hpp"

namespace isla {

struct EncodedSection {
  FourCC tag;
  ByteWriter payload;
};

class EncodeError : public std::runtime_error {
  using std::runtime_error::runtime_error;
};

// In the blueprint's order. Throws EncodeError for a section that failed to decode
// or whose plugin throws.
std::vector<EncodedSection> encodeSections(const Blueprint& blueprint, const EncodeContext& context);

// 'ISLA', u32 2, then [u32 tag][u64 length][payload] per section.
void writeV2(std::span<const EncodedSection> sections, ByteSink& out);

// The legacy positional layout, from the v2 payloads of PRMS (MapSize), HGTS,
// BIOM, TOWN and the four road tiers (absent ones are written empty).
// Throws EncodeError when PRMS, HGTS or BIOM is missing.
void writeV1(std::span<const EncodedSection> sections, ByteSink& out);

}  // namespace isla
