// SPDX-License-Identifier: MIT
#include "isla/parallel/parallel.hpp"

#include <algorithm>
#include <atomic>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

namespace isla {

unsigned resolveThreads(unsigned threads) {
  return threads != 0 ? threads : std::max(1U, std::thread::hardware_concurrency());
}

void parallelFor(std::size_t count, unsigned threads, const std::function<void(std::size_t)>& task) {
  const std::size_t threadCount = std::min<std::size_t>(resolveThreads(threads), count);
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

}  // namespace isla
