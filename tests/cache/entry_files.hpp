// SPDX-License-Identifier: MIT
// What a cache entry's directory holds, as its list names it: the tests
// damage a named file of an entry, which the cache stores by its place in
// the list.
#pragma once

#include <filesystem>
#include <map>
#include <string>

namespace isla::test {

// Each file of the entry at `entry` by the relative path its list gives
// it, and the list itself as "entry.txt".
std::map<std::string, std::filesystem::path> entryFiles(const std::filesystem::path& entry);

}  // namespace isla::test
