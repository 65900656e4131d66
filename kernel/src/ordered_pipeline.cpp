// SPDX-License-Identifier: MIT
// One mutex guards the hand-out and the slots' states; make and consume run
// outside it. A slot is free once its item is consumed, so a worker waits
// for item `next - slots` to be consumed before it takes `next`.
#include "isla/ordered_pipeline.hpp"

#include <algorithm>
#include <condition_variable>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

#include "isla/parallel.hpp"

namespace isla {

namespace {

class Pipeline {
 public:
  Pipeline(std::size_t count, std::size_t slots) : count_(count), slots_(slots), made_(slots, kNone) {}

  // A worker: takes the next item while its slot is free and nothing failed.
  void work(const std::function<void(std::size_t, std::size_t)>& make) {
    std::unique_lock lock(mutex_);
    for (;;) {
      changed_.wait(lock, [&] { return stopped() || next_ == count_ || next_ < consumed_ + slots_; });
      if (stopped() || next_ == count_) return;
      const std::size_t item = next_++;
      lock.unlock();
      std::exception_ptr failure;
      try {
        make(item, item % slots_);
      } catch (...) {
        failure = std::current_exception();
      }
      lock.lock();
      if (failure) {
        if (item < failedItem_) {
          failedItem_ = item;
          failure_ = failure;
        }
      } else {
        made_[item % slots_] = item;
      }
      changed_.notify_all();
    }
  }

  // The calling thread: every item in order, or the first failure met.
  void consumeAll(const std::function<void(std::size_t, std::size_t)>& consume) {
    for (std::size_t item = 0; item < count_; ++item) {
      {
        std::unique_lock lock(mutex_);
        changed_.wait(lock, [&] { return made_[item % slots_] == item || failedItem_ <= item; });
        if (made_[item % slots_] != item) std::rethrow_exception(failure_);
      }
      consume(item, item % slots_);
      const std::lock_guard lock(mutex_);
      consumed_ = item + 1;
      changed_.notify_all();
    }
  }

  // Stops the workers when the calling thread leaves early.
  void abandon() {
    const std::lock_guard lock(mutex_);
    abandoned_ = true;
    changed_.notify_all();
  }

 private:
  static constexpr std::size_t kNone = static_cast<std::size_t>(-1);

  // Items are handed out in order, so every item below a failed one is
  // already being made: they finish, and only new ones stop.
  bool stopped() const { return abandoned_ || failure_ != nullptr; }

  const std::size_t count_, slots_;
  std::mutex mutex_;
  std::condition_variable changed_;
  std::size_t next_ = 0, consumed_ = 0;
  std::vector<std::size_t> made_;  // by slot: the item it holds made, or kNone
  std::size_t failedItem_ = kNone;
  std::exception_ptr failure_;
  bool abandoned_ = false;
};

}  // namespace

void orderedPipeline(std::size_t count, unsigned threads, std::size_t slots,
                     const std::function<void(std::size_t, std::size_t)>& make,
                     const std::function<void(std::size_t, std::size_t)>& consume) {
  threads = resolveThreads(threads);
  if (threads == 1 || count <= 1) {
    for (std::size_t item = 0; item < count; ++item) {
      make(item, 0);
      consume(item, 0);
    }
    return;
  }
  Pipeline pipeline(count, std::max<std::size_t>(slots, 1));
  std::vector<std::jthread> workers;
  try {
    for (unsigned t = 0; t < threads; ++t) workers.emplace_back([&] { pipeline.work(make); });
    pipeline.consumeAll(consume);
  } catch (...) {
    pipeline.abandon();
    throw;
  }
}

}  // namespace isla
