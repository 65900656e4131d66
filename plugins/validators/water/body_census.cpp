// SPDX-License-Identifier: MIT
#include "body_census.hpp"

namespace isla_water {

BodyCensus takeCensus(const isla::Raster& ids) {
  BodyCensus census;
  const auto values = ids.values<std::uint16_t>();
  const auto n = static_cast<std::uint64_t>(ids.mapSize());
  // Water comes in long runs along Y (ocean most of all), so the per-id
  // arrays are touched once a run rather than once a pixel.
  for (std::uint64_t x = 0; x < n; ++x) {
    const auto* column = values.data() + x * n;
    std::uint64_t y = 0;
    while (y < n) {
      const std::uint16_t id = column[y].value();
      std::uint64_t end = y + 1;
      while (end < n && column[end].value() == id) ++end;
      const std::uint64_t length = end - y;
      if (census.pixels[id] == 0) census.firstPixel[id] = x * n + y;
      census.pixels[id] += length;
      census.sumX[id] += x * length;
      census.sumY[id] += (y + end - 1) * length / 2;  // y + (y+1) + ... + (end-1)
      y = end;
    }
  }
  return census;
}

}  // namespace isla_water
