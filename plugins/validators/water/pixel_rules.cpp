// SPDX-License-Identifier: MIT
#include "pixel_rules.hpp"

#include <isla/parallel/vector_clones.hpp>

#include <algorithm>

namespace isla_water {

namespace {

// Pixels are counted in runs this long, in 16-bit counters (the lanes the
// 16-bit ids fill), and the runs' counts summed in 64 bits. Over one run
// the level check also looks for one id: the expected code is then one
// value, not a table lookup a pixel (a gather, which does not vectorise),
// and most runs of a map lie inside one body or one stretch of land.
constexpr std::uint64_t kRun = 64;

}  // namespace

ISLA_VECTOR_CLONES
std::array<std::uint64_t, 2> countBiomeBreaks(Classes kinds, Ids ids, WaterBiomes water, std::uint64_t start,
                                              std::uint64_t end) {
  std::uint64_t unlabelled = 0, dry = 0;
  for (std::uint64_t run = start; run < end; run += kRun) {
    const std::uint64_t runEnd = std::min(end, run + kRun);
    std::uint16_t runUnlabelled = 0, runDry = 0;
    for (std::uint64_t i = run; i < runEnd; ++i) {
      const std::uint8_t kind = kinds[i].value();
      const std::uint16_t id = ids[i].value();
      runUnlabelled = static_cast<std::uint16_t>(runUnlabelled + unlabelledWater(kind, id, water));
      runDry = static_cast<std::uint16_t>(runDry + dryBody(kind, id, water));
    }
    unlabelled += runUnlabelled;
    dry += runDry;
  }
  return {unlabelled, dry};
}

ISLA_VECTOR_CLONES
std::array<std::uint64_t, 2> countSurfaceBreaks(Ids codes, Ids ids, const std::uint32_t* expected,
                                                std::uint64_t start, std::uint64_t end) {
  std::uint64_t extent = 0, level = 0;
  for (std::uint64_t run = start; run < end; run += kRun) {
    const std::uint64_t runEnd = std::min(end, run + kRun);
    const std::uint16_t first = ids[run].value();
    std::uint16_t others = 0;
    for (std::uint64_t i = run; i < runEnd; ++i) others |= static_cast<std::uint16_t>(ids[i].value() ^ first);
    std::uint16_t runExtent = 0, runLevel = 0;
    if (others == 0) {
      const std::uint32_t want = expected[first];
      for (std::uint64_t i = run; i < runEnd; ++i) {
        const std::uint16_t code = codes[i].value();
        runExtent = static_cast<std::uint16_t>(runExtent + surfaceExtentBreak(code, first));
        runLevel = static_cast<std::uint16_t>(runLevel + surfaceLevelBreak(code, want));
      }
    } else {
      for (std::uint64_t i = run; i < runEnd; ++i) {
        const std::uint16_t code = codes[i].value();
        const std::uint16_t id = ids[i].value();
        runExtent = static_cast<std::uint16_t>(runExtent + surfaceExtentBreak(code, id));
        runLevel = static_cast<std::uint16_t>(runLevel + surfaceLevelBreak(code, expected[id]));
      }
    }
    extent += runExtent;
    level += runLevel;
  }
  return {extent, level};
}

}  // namespace isla_water
