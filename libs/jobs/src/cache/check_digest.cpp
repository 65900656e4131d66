// SPDX-License-Identifier: MIT
#include "check_digest.hpp"

#include <cstdio>
#include <new>

#include "isla/mapping/file_window.hpp"

// The whole of xxHash in this file (its header-only form): nothing to load
// at run time.
#define XXH_INLINE_ALL
#include <xxhash.h>

namespace isla {

namespace {

std::string hexOf(const XXH128_hash_t& hash) {
  char text[33];
  std::snprintf(text, sizeof text, "%016llx%016llx", static_cast<unsigned long long>(hash.high64),
                static_cast<unsigned long long>(hash.low64));
  return text;
}

}  // namespace

std::string checkDigest(std::span<const std::byte> bytes) {
  return hexOf(XXH3_128bits(bytes.data(), bytes.size()));
}

std::string checkDigestOfFile(const std::filesystem::path& path) {
  // Read a piece at a time into a buffer, not mapped: on a virtual
  // machine, hashing the mapped pages ran at a quarter of the speed of
  // hashing them read into a buffer (docs/performance.md).
  struct State {
    XXH3_state_t* state = XXH3_createState();
    ~State() { XXH3_freeState(state); }
  } hash;
  if (!hash.state) throw std::bad_alloc();
  XXH3_128bits_reset(hash.state);
  FileWindowOptions options;
  options.everyByte = [&](std::span<const std::byte> bytes) {
    XXH3_128bits_update(hash.state, bytes.data(), bytes.size());
  };
  FileWindow file(path, std::move(options));
  file.readToEnd();
  return hexOf(XXH3_128bits_digest(hash.state));
}

}  // namespace isla
