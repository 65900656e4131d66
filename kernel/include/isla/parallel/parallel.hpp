// SPDX-License-Identifier: MIT
// A parallel loop whose results cannot depend on the thread count: each task
// writes only its own outputs; whatever is combined, the caller combines in
// task order afterwards.
#pragma once

#include <cstddef>
#include <functional>

namespace isla {

// Runs task(0) .. task(count - 1), each exactly once, on up to `threads`
// threads (0: the hardware concurrency), handing out tasks in index order.
// Rethrows the exception of the lowest failing task.
void parallelFor(std::size_t count, unsigned threads, const std::function<void(std::size_t task)>& task);

// The thread count `threads` asks for: itself, or the hardware concurrency for 0.
unsigned resolveThreads(unsigned threads);

}  // namespace isla
