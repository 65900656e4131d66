// SPDX-License-Identifier: MIT
// The diff's passes over a grid: the pixel range cut into a fixed number of
// contiguous bands (X outer, so a band is a run of columns), each band's
// partial result combined in band order, so the result is the same whatever
// the thread count.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <vector>

#include "isla/base/interrupt.hpp"
#include "isla/model/raster.hpp"
#include "isla/parallel/parallel.hpp"

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

// Calls visit(first, last) for each run of up to 64 elements of [begin, end)
// whose bytes differ between `a` and `b`; equal runs, most of a grid that
// changed in places, cost one memcmp.
template <class Visit>
void forDifferingRuns(const Raster& a, const Raster& b, std::uint64_t begin, std::uint64_t end, Visit visit) {
  constexpr std::uint64_t kRun = 64;
  const std::size_t size = elementSize(a.type());
  const std::byte* left = a.bytes().data();
  const std::byte* right = b.bytes().data();
  for (std::uint64_t first = begin; first < end; first += kRun) {
    const std::uint64_t last = std::min(end, first + kRun);
    if (std::memcmp(left + first * size, right + first * size, (last - first) * size) != 0) visit(first, last);
  }
}

}  // namespace isla::diff::detail
