// SPDX-License-Identifier: MIT
// The process's allocator told to keep freed memory for the next block
// instead of handing it back to the system.
#pragma once

#include "isla/base/api.hpp"

namespace isla {

// The chunked exporters (gltf, 3dtiles) allocate and free a few MiB of
// vectors a chunk, thousands of times. glibc's defaults return a freed heap
// top to the kernel and map large blocks afresh, so each chunk faults and
// zeroes the same pages in again: a quarter of a 4096² glTF export's CPU
// (docs/performance.md). Called once at start by the programs (isla-tool,
// the benches); keeps up to 64 MiB free per arena, never more than the peak
// the process reached anyway. Returns whether the allocator took the
// settings (false off glibc, where it does nothing).
ISLA_API bool keepFreedMemoryForReuse();

}  // namespace isla
