// SPDX-License-Identifier: MIT
#include <boost/test/unit_test.hpp>

#include <cstddef>
#include <vector>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

#include <isla/base/allocator_reuse.hpp>

BOOST_AUTO_TEST_SUITE(allocator_reuse)

BOOST_AUTO_TEST_CASE(a_freed_block_stays_for_the_next) {
#if defined(__SANITIZE_ADDRESS__)
  // AddressSanitizer's allocator replaces glibc's and refuses mallopt: the
  // function must say that the settings did not take.
  BOOST_TEST(!isla::keepFreedMemoryForReuse());
#elif defined(__GLIBC__)
  BOOST_TEST_REQUIRE(isla::keepFreedMemoryForReuse());
  constexpr std::size_t kBlock = std::size_t{16} << 20;  // under the 32 MiB threshold: from the heap
  {
    std::vector<char> block(kBlock, 1);
    BOOST_TEST(block.back() == 1);
  }
  // Freed, yet still the process's: glibc's defaults would have unmapped it.
  BOOST_TEST(mallinfo2().fordblks >= kBlock);
#else
  BOOST_TEST(!isla::keepFreedMemoryForReuse());
#endif
}

BOOST_AUTO_TEST_SUITE_END()
