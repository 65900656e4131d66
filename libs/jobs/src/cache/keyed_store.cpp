// SPDX-License-Identifier: MIT
#include "isla/cache/keyed_store.hpp"

#include <fcntl.h>
#include <sys/stat.h>

#include <algorithm>
#include <stdexcept>

#include "isla/publish/sha256.hpp"

namespace isla {

void checkKey(const std::string& key) {
  if (!isSha256Hex(key)) throw std::invalid_argument("a store's key is 64 lowercase hex digits, not '" + key + "'");
}

KeyedNames namesBelow(const std::filesystem::path& folder) {
  KeyedNames names;
  std::error_code error;
  for (const auto& item : std::filesystem::directory_iterator(folder, error)) {
    (isSha256Hex(item.path().filename().string()) ? names.keyed : names.others).push_back(item.path());
  }
  return names;
}

void markUsed(const std::filesystem::path& marker) { ::utimensat(AT_FDCWD, marker.c_str(), nullptr, 0); }

std::vector<StoredThing> beyondBound(std::vector<StoredThing> held, const StoreBound& bound) {
  std::sort(held.begin(), held.end(), [](const StoredThing& a, const StoredThing& b) {
    return a.used != b.used ? a.used > b.used : a.key < b.key;  // most recently used first
  });
  std::vector<StoredThing> beyond;
  std::size_t kept = 0;
  std::uint64_t keptBytes = 0;
  for (StoredThing& thing : held) {
    if (kept < bound.things && thing.bytes <= bound.bytes - keptBytes) {  // it fits beside the more recent ones kept
      ++kept;
      keptBytes += thing.bytes;
      continue;
    }
    beyond.push_back(std::move(thing));
  }
  return beyond;
}

}  // namespace isla
