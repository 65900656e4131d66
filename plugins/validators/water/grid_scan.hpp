// SPDX-License-Identifier: MIT
// Full-grid passes of the water validator: count the pixels that break a
// rule and find the first, in scan order (X outer, Y inner).
#pragma once

#include <isla/parallel/parallel.hpp>
#include <isla/base/pixel.hpp>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

namespace isla_water {

struct Mismatches {
  std::uint64_t count = 0;
  std::uint64_t first = 0;  // element index of the first; meaningful when count > 0
};

// For a branch-free rule, counting a block is a loop the compiler vectorises;
// only the block that holds the first mismatch is scanned a second time.
// Slices of the grid run on `threads` threads and are combined in order.
template <class Breaks>
Mismatches countMismatches(std::uint64_t pixels, unsigned threads, Breaks breaks) {
  constexpr std::uint64_t kBlock = 4096;
  constexpr std::uint64_t kSlice = kBlock * 256;
  std::vector<Mismatches> slices((pixels + kSlice - 1) / kSlice);
  isla::parallelFor(slices.size(), threads, [&](std::size_t s) {
    Mismatches& found = slices[s];
    const std::uint64_t sliceEnd = std::min(pixels, (s + 1) * kSlice);
    for (std::uint64_t start = s * kSlice; start < sliceEnd; start += kBlock) {
      const std::uint64_t end = std::min(sliceEnd, start + kBlock);
      std::uint64_t count = 0;
      for (std::uint64_t i = start; i < end; ++i) count += breaks(i) ? 1u : 0u;
      if (count > 0 && found.count == 0) {
        found.first = start;
        while (!breaks(found.first)) ++found.first;
      }
      found.count += count;
    }
  });
  Mismatches total;
  for (const auto& slice : slices) {
    if (slice.count > 0 && total.count == 0) total.first = slice.first;
    total.count += slice.count;
  }
  return total;
}

}  // namespace isla_water
