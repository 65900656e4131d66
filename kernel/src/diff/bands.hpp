// SPDX-License-Identifier: MIT
// The diff's passes over a grid: the pixel range cut into a fixed number of
// contiguous bands (X outer, so a band is a run of columns), each band's
// partial result combined in band order, so the result is the same whatever
// the thread count.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "isla/interrupt.hpp"
#include "isla/parallel.hpp"

namespace isla::diff::detail {

inline constexpr std::uint64_t kBands = 64;

// scan(begin, end, partial) fills one band's Partial; returns them in order.
template <class Partial, class Scan>
std::vector<Partial> scanBands(std::uint64_t count, unsigned threads, Scan scan) {
  const std::uint64_t bands = std::max<std::uint64_t>(1, std::min(kBands, count));
  std::vector<Partial> partials(bands);
  parallelFor(bands, threads, [&](std::size_t band) {
    checkInterrupted();
    scan(count * band / bands, count * (band + 1) / bands, partials[band]);
  });
  return partials;
}

}  // namespace isla::diff::detail
