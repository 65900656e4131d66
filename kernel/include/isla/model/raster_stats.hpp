// SPDX-License-Identifier: MIT
// One pass over a float grid: finite min/max/mean and the non-finite count,
// written so that the compiler vectorises it (the hot loop of inspect).
#pragma once

#include <cstdint>
#include <optional>

#include "isla/model/raster.hpp"

namespace isla {

struct FloatStats {
  std::uint64_t finite = 0;
  std::uint64_t nan = 0;
  std::uint64_t infinite = 0;
  float min = 0;  // of the finite values; 0 when there are none
  float max = 0;
  double mean = 0;
  std::optional<std::uint64_t> firstNonFinite;  // element index
};

FloatStats floatStats(const Raster& raster);

// How many elements hold each value 0..255 of a u8 grid.
struct ByteHistogram {
  std::uint64_t counts[256] = {};
};

ByteHistogram byteHistogram(const Raster& raster);

}  // namespace isla
