// SPDX-License-Identifier: MIT
#include "isla/synth/workers.hpp"

#include <algorithm>
#include <atomic>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

namespace isla::synth {

Workers::Workers(unsigned threads)
    : threads_(threads != 0 ? threads : std::max(1U, std::thread::hardware_concurrency())) {}

void Workers::run(std::size_t count, const std::function<void(std::size_t)>& task) const {
  const auto threadCount = static_cast<std::size_t>(std::min<std::size_t>(threads_, count));
  if (threadCount <= 1) {
    for (std::size_t i = 0; i < count; ++i) task(i);
    return;
  }
  std::atomic<std::size_t> nextTask{0};
  std::mutex failureMutex;
  std::size_t failedTask = count;
  std::exception_ptr failure;
  auto worker = [&] {
    for (std::size_t i = nextTask++; i < count; i = nextTask++) {
      try {
        task(i);
      } catch (...) {
        const std::lock_guard lock(failureMutex);
        if (i < failedTask) {
          failedTask = i;
          failure = std::current_exception();
        }
      }
    }
  };
  {
    std::vector<std::jthread> pool;
    for (std::size_t t = 1; t < threadCount; ++t) pool.emplace_back(worker);
    worker();
  }
  if (failure) std::rethrow_exception(failure);
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
