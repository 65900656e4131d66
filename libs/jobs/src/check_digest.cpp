// SPDX-License-Identifier: MIT
#include "check_digest.hpp"

#include <cstdio>

#include "isla/io/mapped_file.hpp"

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
  return checkDigest(MappedFile::open(path)->bytes());
}

}  // namespace isla
