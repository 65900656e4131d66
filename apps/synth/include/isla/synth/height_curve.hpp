// SPDX-License-Identifier: MIT
// The height redistribution TCRV describes, and TDTL's detail on it: two
// terraced shelves (their elevation and strength varying across the map),
// summits rescaled so the seed's maximum lands on the peak cap, and, with the
// detail, shelf micro-relief and a wandering shelf edge. Land only: the
// curve is the identity at and below the sea, so the coastline stays put.
#pragma once

#include <cstdint>

#include "isla/synth/grid.hpp"
#include "isla/synth/metadata.hpp"
#include "isla/synth/workers.hpp"

namespace isla::synth {

// `detail` may be null (TDTL off).
void applyHeightCurve(Grid<float>& heights, std::int32_t seed, const CurveRecord& curve,
                      const DetailRecord* detail, const Workers& workers);

}  // namespace isla::synth
