// SPDX-License-Identifier: MIT
#include "cli/provenance.hpp"

#include <cstdlib>
#include <ctime>

namespace isla::cli {

Provenance writeTimeProvenance() {
  std::time_t now = std::time(nullptr);
  if (const char* epoch = std::getenv("SOURCE_DATE_EPOCH")) {
    char* end = nullptr;
    const long long value = std::strtoll(epoch, &end, 10);
    if (end != epoch && *end == '\0' && value >= 0) now = static_cast<std::time_t>(value);
  }
  std::tm utc{};
  gmtime_r(&now, &utc);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &utc);
  return Provenance{text, ISLA_GIT_HASH};
}

}  // namespace isla::cli
