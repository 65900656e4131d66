// SPDX-License-Identifier: MIT
// Items made in parallel and consumed in order: the shape of every streamed
// output whose bytes must not depend on the thread count (a document's
// blocks of rows formatted on every core, written and hashed in order).
#pragma once

#include <cstddef>
#include <functional>

#include "isla/base/api.hpp"

namespace isla {

// Makes items 0 .. count - 1 with make(item, slot) on `threads` threads (0:
// the hardware concurrency), the calling thread one of them, and hands each
// to consume(item, slot) on the calling thread, in item order, while later
// ones are made. An item lives in slot item % slots from its make to the
// end of its consume, so at most `slots` items are held at once; with one
// thread, the calling thread makes and consumes each item in turn. Items
// are handed out in increasing order; an item's failure stops new ones,
// and the exception rethrown is the lowest failing item's (or consume's),
// whatever the timing.
ISLA_API void orderedPipeline(std::size_t count, unsigned threads, std::size_t slots,
                              const std::function<void(std::size_t item, std::size_t slot)>& make,
                              const std::function<void(std::size_t item, std::size_t slot)>& consume);

}  // namespace isla
