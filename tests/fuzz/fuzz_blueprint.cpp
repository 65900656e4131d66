// SPDX-License-Identifier: MIT
// The libFuzzer entry point of fuzzBlueprint (harness.hpp).
#include <cstddef>
#include <cstdint>
#include <span>

#include "harness.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return isla::fuzz::fuzzBlueprint(std::as_bytes(std::span(data, size)));
}
