// SPDX-License-Identifier: MIT
// What a test compares on disk: every file of a tree with its bytes, and
// the names in a directory ("nothing was left behind").
#pragma once

#include <filesystem>
#include <map>
#include <string>
#include <vector>

namespace isla::test {

// Every regular file below `root`, by its relative POSIX path, with its bytes.
std::map<std::string, std::string> fileTree(const std::filesystem::path& root);

// Every entry below `root` that is neither a regular file nor a directory
// (a symbolic link, a FIFO...), by its relative POSIX path: a package holds none.
std::vector<std::string> irregularEntries(const std::filesystem::path& root);

// The names of the entries of `directory`, sorted.
std::vector<std::string> directoryEntries(const std::filesystem::path& directory);

}  // namespace isla::test
