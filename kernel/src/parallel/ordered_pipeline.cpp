// SPDX-License-Identifier: MIT
// One mutex guards the hand-out and the slots' states; make and consume run
// outside it. A slot is free once its item is consumed, so an item is taken
// only when item - slots has been consumed. The calling thread is one of
// the `threads`: while the item it must consume next is not ready, it makes
// the next one itself, so that its own writing and the workers' making share
// the cores without a third thread competing for them.
#include "isla/parallel/ordered_pipeline.hpp"

#include <algorithm>
#include <condition_variable>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

#include "isla/parallel/parallel.hpp"

namespace isla {

namespace {

using Step = std::function<void(std::size_t, std::size_t)>;

class Pipeline {
 public:
  Pipeline(std::size_t count, std::size_t slots) : count_(count), slots_(slots), made_(slots, kNone) {}

  // A worker: makes items while there are any to take.
  void work(const Step& make) {
    std::unique_lock lock(mutex_);
    for (;;) {
      changed_.wait(lock, [&] { return stopped() || next_ == count_ || mayTake(); });
      if (!makeNext(lock, make)) return;
    }
  }

  // The calling thread: every item in order, or the first failure met.
  void consumeAll(const Step& make, const Step& consume) {
    for (std::size_t item = 0; item < count_; ++item) {
      {
        std::unique_lock lock(mutex_);
        while (made_[item % slots_] != item) {
          if (failedItem_ <= item) std::rethrow_exception(failure_);
          if (!makeNext(lock, make)) changed_.wait(lock);
        }
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
  bool mayTake() const { return next_ < count_ && next_ < consumed_ + slots_; }

  // Takes the next item when one may be made now, makes it outside the
  // lock and records it; false when there was none to take.
  bool makeNext(std::unique_lock<std::mutex>& lock, const Step& make) {
    if (stopped() || !mayTake()) return false;
    const std::size_t item = next_++;
    lock.unlock();
    std::exception_ptr failure;
    try {
      make(item, item % slots_);
    } catch (...) {
      failure = std::current_exception();
    }
    lock.lock();
    if (!failure) {
      made_[item % slots_] = item;
    } else if (item < failedItem_) {
      failedItem_ = item;
      failure_ = failure;
    }
    changed_.notify_all();
    return true;
  }

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

void orderedPipeline(std::size_t count, unsigned threads, std::size_t slots, const Step& make, const Step& consume) {
  Pipeline pipeline(count, std::max<std::size_t>(slots, 1));
  std::vector<std::jthread> workers;
  try {
    for (unsigned t = 1; t < resolveThreads(threads); ++t) workers.emplace_back([&] { pipeline.work(make); });
    pipeline.consumeAll(make, consume);
  } catch (...) {
    pipeline.abandon();
    throw;
  }
}

}  // namespace isla
