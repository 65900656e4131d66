// SPDX-License-Identifier: MIT
// A figure of this process's /proc/self/status ("VmRSS", "VmSize"), in KiB.
#pragma once

#include <cstdint>
#include <fstream>
#include <stdexcept>
#include <string>

namespace isla::test {

inline std::uint64_t ownStatusKiB(const std::string& key) {
  std::ifstream status("/proc/self/status");
  std::string name;
  while (status >> name) {
    if (name == key + ":") {
      std::uint64_t kib = 0;
      status >> kib;
      return kib;
    }
    status.ignore(1 << 12, '\n');
  }
  throw std::runtime_error("/proc/self/status has no " + key);
}

}  // namespace isla::test
