// SPDX-License-Identifier: MIT
#include "body_census.hpp"

namespace isla_water {

void BodyCensus::merge(const BodyCensus& later) {
  later.forEach([&](std::uint16_t id, const BodyPixels& from) {
    BodyPixels& body = bodies_[id];
    if (body.pixels == 0) body.firstPixel = from.firstPixel;
    body.pixels += from.pixels;
    body.sumX += from.sumX;
    body.sumY += from.sumY;
  });
}

}  // namespace isla_water
