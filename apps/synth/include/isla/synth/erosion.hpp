// SPDX-License-Identifier: MIT
// The droplet hydraulic-erosion pass that EROS v2 records: droplets roll
// downhill from seeded starts, carving where they can carry more sediment
// and depositing where they carry too much, both spread over a cone brush.
// Every cell's net displacement stays within the carve and deposit caps; no
// cell is carved below the sea plus the margin, below-sea cells are never
// touched, nor any cell near the impact centre.
#pragma once

#include <cstdint>

#include "isla/synth/grid.hpp"
#include "isla/synth/metadata.hpp"
#include "isla/synth/terrain.hpp"

namespace isla::synth {

// Sequential by nature (each droplet sees the terrain its predecessors left).
void erode(Grid<float>& heights, std::int32_t seed, float seaLevel, const Crater& crater,
           const ErosionRecord& record);

}  // namespace isla::synth
