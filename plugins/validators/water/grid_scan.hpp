// SPDX-License-Identifier: MIT
// Full-grid passes of the water validator: count the pixels that break each
// of a few rules in one pass over the grids they read, and find each rule's
// first, in scan order (X outer, Y inner).
#pragma once

#include <isla/parallel/parallel.hpp>

#include <algorithm>
#include <array>
#include <cstdint>
#include <vector>

namespace isla_water {

struct Mismatches {
  std::uint64_t count = 0;
  std::uint64_t first = 0;  // element index of the first; meaningful when count > 0
};

inline constexpr std::uint64_t kCountBlock = 4096;

// `countBlock(start, end)` gives the counts of the pixels in [start, end)
// that break each of the N rules (a loop the compiler vectorises: see
// pixel_rules.hpp); `breaks(rule, i)` says whether pixel i breaks one, asked
// only in the block that holds a rule's first. Slices of the grid run on
// `threads` threads and are combined in order, so the result is the same for
// any number of threads.
template <std::size_t N, class CountBlock, class Breaks>
std::array<Mismatches, N> countMismatches(std::uint64_t pixels, unsigned threads, CountBlock countBlock,
                                          Breaks breaks) {
  constexpr std::uint64_t kSlice = kCountBlock * 256;
  std::vector<std::array<Mismatches, N>> slices((pixels + kSlice - 1) / kSlice);
  isla::parallelFor(slices.size(), threads, [&](std::size_t s) {
    auto& found = slices[s];
    const std::uint64_t sliceEnd = std::min(pixels, (s + 1) * kSlice);
    for (std::uint64_t start = s * kSlice; start < sliceEnd; start += kCountBlock) {
      const std::uint64_t end = std::min(sliceEnd, start + kCountBlock);
      const std::array<std::uint64_t, N> counts = countBlock(start, end);
      for (std::size_t rule = 0; rule < N; ++rule) {
        if (counts[rule] > 0 && found[rule].count == 0) {
          found[rule].first = start;
          while (!breaks(rule, found[rule].first)) ++found[rule].first;
        }
        found[rule].count += counts[rule];
      }
    }
  });
  std::array<Mismatches, N> total{};
  for (const auto& slice : slices) {
    for (std::size_t rule = 0; rule < N; ++rule) {
      if (slice[rule].count > 0 && total[rule].count == 0) total[rule].first = slice[rule].first;
      total[rule].count += slice[rule].count;
    }
  }
  return total;
}

}  // namespace isla_water
