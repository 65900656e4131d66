// SPDX-License-Identifier: MIT
// The libFuzzer entry point of one harness function (harness.hpp), named by
// ISLA_FUZZ_ENTRY when each fuzz_<target> is built.
#include <cstddef>
#include <cstdint>
#include <span>

#include "harness.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return isla::fuzz::ISLA_FUZZ_ENTRY(std::as_bytes(std::span(data, size)));
}
