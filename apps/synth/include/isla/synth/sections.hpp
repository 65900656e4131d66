// SPDX-License-Identifier: MIT
// A synthesized blueprint as v2 section payloads, encoded from the layouts of
// BLUEPRINT_FORMAT.md with ByteWriter (no section plugin needed).
#pragma once

#include <vector>

#include <isla/container/blueprint_writer.hpp>

#include "isla/synth/generator.hpp"

namespace isla::synth {

// PRMS, HGTS, BIOM, TOWN, TCRV, TDTL, EROS, WBID, WBTB, WSRF, RDHW, RDBR,
// RDRG, RDTL in that order (the optional records when present). The grids
// are views of the blueprint's layers, which they keep alive.
std::vector<EncodedSection> toSections(const Blueprint& blueprint);

}  // namespace isla::synth
