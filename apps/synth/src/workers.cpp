// SPDX-License-Identifier: MIT
#include "isla/synth/workers.hpp"

#include <isla/parallel/parallel.hpp>

#include <algorithm>

namespace isla::synth {

Workers::Workers(unsigned threads) : threads_(isla::resolveThreads(threads)) {}

void Workers::run(std::size_t count, const std::function<void(std::size_t)>& task) const {
  isla::parallelFor(count, threads_, task);
}

std::size_t Workers::bandCount(std::int32_t rows) {
  return static_cast<std::size_t>((rows + kBandRows - 1) / kBandRows);
}

void Workers::forBands(std::int32_t rows,
                       const std::function<void(std::size_t, std::int32_t, std::int32_t)>& body) const {
  run(bandCount(rows), [&](std::size_t band) {
    const auto begin = static_cast<std::int32_t>(band) * kBandRows;
    body(band, begin, std::min(rows, begin + kBandRows));
  });
}

}  // namespace isla::synth
