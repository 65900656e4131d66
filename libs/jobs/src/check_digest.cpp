// SPDX-License-Identifier: MIT
#include "check_digest.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <vector>

#include "isla/base/io_error.hpp"

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
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) throwSystemError(path, "open", errno);
  XXH3_state_t state;
  XXH3_128bits_reset(&state);
  std::vector<std::byte> buffer(std::size_t{1} << 20);
  while (true) {
    const ssize_t got = ::read(fd, buffer.data(), buffer.size());
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) {
      const int error = errno;
      ::close(fd);
      throwSystemError(path, "read", error);
    }
    if (got == 0) break;
    XXH3_128bits_update(&state, buffer.data(), static_cast<std::size_t>(got));
  }
  ::close(fd);
  return hexOf(XXH3_128bits_digest(&state));
}

}  // namespace isla
