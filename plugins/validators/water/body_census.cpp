// SPDX-License-Identifier: MIT
#include "body_census.hpp"

namespace isla_water {

void BodyCensus::merge(const BodyCensus& later) {
  for (std::size_t id = 0; id < kIdCount; ++id) {
    if (later.pixels[id] == 0) continue;
    if (pixels[id] == 0) firstPixel[id] = later.firstPixel[id];
    pixels[id] += later.pixels[id];
    sumX[id] += later.sumX[id];
    sumY[id] += later.sumY[id];
  }
}

}  // namespace isla_water
