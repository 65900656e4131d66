// SPDX-License-Identifier: MIT
#include "isla/io/file_identity.hpp"

#include <sys/stat.h>

#include <algorithm>

namespace isla {

namespace {

std::int64_t nanoseconds(const struct timespec& time) {
  return static_cast<std::int64_t>(time.tv_sec) * 1'000'000'000 + time.tv_nsec;
}

std::int64_t nowNs() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::system_clock::now().time_since_epoch())
      .count();
}

}  // namespace

FileIdentity FileIdentity::of(const struct stat& info) {
  return FileIdentity{.device = static_cast<std::uint64_t>(info.st_dev),
                      .inode = static_cast<std::uint64_t>(info.st_ino),
                      .bytes = static_cast<std::uint64_t>(info.st_size),
                      .modifiedNs = nanoseconds(info.st_mtim),
                      .changedNs = nanoseconds(info.st_ctim),
                      .seenNs = nowNs()};
}

bool FileIdentity::settled() const {
  return seenNs - std::max(modifiedNs, changedNs) >= kSettledAfter.count();
}

}  // namespace isla
