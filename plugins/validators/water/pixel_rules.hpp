// SPDX-License-Identifier: MIT
// The water validator's per-pixel rules, each in one place: asked of one
// pixel (to find the first that breaks it) and counted over a block of
// pixels by a loop the compiler vectorises (built for AVX2 too).
#pragma once

#include <isla/model/raster.hpp>

#include <array>
#include <cstdint>
#include <span>

#include "body_census.hpp"

namespace isla_water {

using Ids = std::span<const isla::LittleEndianT<std::uint16_t>>;
using Classes = std::span<const isla::LittleEndianT<std::uint8_t>>;

// Expected WSRF code of a body whose level is unknown: any nonzero code.
constexpr std::uint32_t kAnyLevel = 0x10000;

// The biome ordinals that are water.
struct WaterBiomes {
  std::uint8_t ocean;
  std::uint8_t lake;
};

// & and | rather than && and ||: no branches, so that the counts vectorise.
inline bool isWaterBiome(std::uint8_t kind, WaterBiomes water) {
  return (kind == water.ocean) | (kind == water.lake);
}

// BIOM says water where WBID has no body.
inline bool unlabelledWater(std::uint8_t kind, std::uint16_t id, WaterBiomes water) {
  return isWaterBiome(kind, water) & (id == kNoWater);
}

// WBID has a body where BIOM says land.
inline bool dryBody(std::uint8_t kind, std::uint16_t id, WaterBiomes water) {
  return !isWaterBiome(kind, water) & (id != kNoWater);
}

// WSRF and WBID disagree on whether there is water.
inline bool surfaceExtentBreak(std::uint16_t code, std::uint16_t id) {
  return (code != 0) != (id != kNoWater);
}

// A water pixel's WSRF code is not its body's level (`want`: the id's entry
// of the expected codes; 0 and kAnyLevel check nothing).
inline bool surfaceLevelBreak(std::uint16_t code, std::uint32_t want) {
  return (code != 0) & (want != 0) & (want != kAnyLevel) & (code != want);
}

// Of the pixels in [start, end): how many are unlabelledWater and dryBody.
std::array<std::uint64_t, 2> countBiomeBreaks(Classes kinds, Ids ids, WaterBiomes water, std::uint64_t start,
                                              std::uint64_t end);

// Of the pixels in [start, end): how many are surfaceExtentBreak and
// surfaceLevelBreak; `expected` holds the code of every u16 id.
std::array<std::uint64_t, 2> countSurfaceBreaks(Ids codes, Ids ids, const std::uint32_t* expected,
                                                std::uint64_t start, std::uint64_t end);

}  // namespace isla_water
