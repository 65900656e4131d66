// SPDX-License-Identifier: MIT
// The biome classes a source read back from a package is coloured with: a
// package keeps no biome layer, so its heights stand in for one, as bands of
// the enum table's biomes (docs/decisions.md). Below the source's water
// level a sample is Ocean; above it, by its fraction of the way up to the
// world's highest sample: Beach, Grassland, Forest, Rock, Mountain, Snow.
// Internal to the kernel.
#pragma once

#include <cstdint>
#include <span>

#include "isla/model/enum_table.hpp"
#include "isla/model/raster.hpp"

namespace isla {

// `heights` is a source patch's, row-major (z, then x), mapSize x mapSize.
// Throws std::runtime_error when the enum table lacks one of the biomes.
Raster heightRampBiomes(std::span<const float> heights, std::int32_t mapSize, double waterLevelM, double topM,
                        const EnumTable& enums);

}  // namespace isla
