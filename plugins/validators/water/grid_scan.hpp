// SPDX-License-Identifier: MIT
// Full-grid passes of the water validator: count the pixels that break a
// rule and find the first, in scan order (X outer, Y inner).
#pragma once

#include <isla/pixel.hpp>

#include <algorithm>
#include <cstdint>
#include <string>

namespace isla_water {

struct Mismatches {
  std::uint64_t count = 0;
  std::uint64_t first = 0;  // element index of the first; meaningful when count > 0
};

// For a branch-free rule, counting a block is a loop the compiler vectorises;
// only the block that holds the first mismatch is scanned a second time.
template <class Breaks>
Mismatches countMismatches(std::uint64_t pixels, Breaks breaks) {
  constexpr std::uint64_t kBlock = 4096;
  Mismatches found;
  for (std::uint64_t start = 0; start < pixels; start += kBlock) {
    const std::uint64_t end = std::min(pixels, start + kBlock);
    std::uint64_t count = 0;
    for (std::uint64_t i = start; i < end; ++i) count += breaks(i) ? 1u : 0u;
    if (count > 0 && found.count == 0) {
      found.first = start;
      while (!breaks(found.first)) ++found.first;
    }
    found.count += count;
  }
  return found;
}

}  // namespace isla_water
