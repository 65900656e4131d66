// SPDX-License-Identifier: MIT
// The droplet hydraulic-erosion pass that EROS v2 records: droplets roll
// downhill from seeded starts, carving where they can carry more sediment
// and depositing where they carry too much, both spread over a cone brush.
// Every cell's net displacement stays within the carve and deposit caps; no
// cell is carved below the sea plus the margin, and water, lake banks and
// the impact's surroundings are never touched.
//
// It runs after the classification (water, biomes), which therefore reads
// the heights before erosion, as BLUEPRINT_FORMAT.md promises; what it
// leaves alone keeps the heights agreeing with that classification.
#pragma once

#include <cstdint>
#include <vector>

#include "isla/synth/grid.hpp"
#include "isla/synth/lakes.hpp"
#include "isla/synth/metadata.hpp"
#include "isla/synth/terrain.hpp"

namespace isla::synth {

// The classified ground the pass must keep as it is.
struct ClassifiedGround {
  float seaLevel = 0.15f;
  Crater crater;
  const std::vector<LakeBasin>& lakes;
  const Grid<std::uint16_t>& waterIds;
};

// Sequential by nature (each droplet sees the terrain its predecessors left).
void erode(Grid<float>& heights, std::int32_t seed, const ClassifiedGround& ground,
           const ErosionRecord& record);

}  // namespace isla::synth
