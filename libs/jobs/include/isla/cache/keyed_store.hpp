// SPDX-License-Identifier: MIT
// The rules of a content-addressed store kept least recently used first
// out: each thing it holds is named by its key, 64 lowercase hex digits
// (isSha256Hex), in one folder, made aside and moved in whole and never
// changed once in; its last use is the modification time of the file that
// marks it; when the store outgrows its bound, the least recently used
// things go first. The patch cache keeps its entries and records so
// (patch_cache.hpp), `isla-tool view` its compiled worlds. What else a
// folder holds is not a thing of the store.
#pragma once

#include <cstdint>
#include <filesystem>
#include <limits>
#include <string>
#include <vector>

namespace isla {

struct StoredThing {
  std::filesystem::path path;
  std::string key;
  std::filesystem::file_time_type used;  // its last use
  std::uint64_t bytes = 0;               // what it counts against a bound of bytes
};

// What a store keeps at most.
struct StoreBound {
  std::size_t things = std::numeric_limits<std::size_t>::max();
  std::uint64_t bytes = std::numeric_limits<std::uint64_t>::max();
};

// Throws std::invalid_argument for a key that is not 64 lowercase hex digits.
void checkKey(const std::string& key);

// What `folder` holds named by a key, and what else.
struct KeyedNames {
  std::vector<std::filesystem::path> keyed;
  std::vector<std::filesystem::path> others;
};
KeyedNames namesBelow(const std::filesystem::path& folder);

// Marks the thing whose use `marker` records (the thing, or a file of it)
// used now.
void markUsed(const std::filesystem::path& marker);

// What of `held` is beyond `bound`, to be removed: the most recently used
// things (ties: the lower key) are kept while each fits beside those kept
// before it, so an older, smaller one may stay where a newer, larger one
// goes.
std::vector<StoredThing> beyondBound(std::vector<StoredThing> held, const StoreBound& bound);

}  // namespace isla
