// SPDX-License-Identifier: MIT
#include "isla/base/allocator_reuse.hpp"

#include <cstdlib>  // defines __GLIBC__ on glibc

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace isla {

bool keepFreedMemoryForReuse() {
#if defined(__GLIBC__)
  // Blocks up to 32 MiB (glibc's largest threshold) come from the heap, not
  // fresh mappings; a free heap top is returned only beyond 64 MiB. Setting
  // either turns off glibc's own adjustment, so both are set.
  constexpr int kMmapThreshold = 32 << 20, kTrimThreshold = 64 << 20;
  return mallopt(M_MMAP_THRESHOLD, kMmapThreshold) == 1 && mallopt(M_TRIM_THRESHOLD, kTrimThreshold) == 1;
#else
  return false;
#endif
}

}  // namespace isla
