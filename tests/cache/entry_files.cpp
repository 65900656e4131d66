// SPDX-License-Identifier: MIT
#include "entry_files.hpp"

#include <fstream>
#include <stdexcept>

namespace isla::test {

std::map<std::string, std::filesystem::path> entryFiles(const std::filesystem::path& entry) {
  const std::filesystem::path list = entry / "entry.txt";
  std::ifstream in(list);
  if (!in) throw std::runtime_error("no list in the cache entry " + entry.string());
  std::map<std::string, std::filesystem::path> files{{"entry.txt", list}};
  std::size_t index = 0;
  for (std::string line; std::getline(in, line);) {
    if (!line.starts_with("file ")) continue;
    // file <bytes> <sha256> <xxh3-128> <path>
    std::size_t at = 0;
    for (int field = 0; field < 4 && at != std::string::npos; ++field) at = line.find(' ', at + 1);
    if (at == std::string::npos) throw std::runtime_error("a list line without a path: " + line);
    files.emplace(line.substr(at + 1), entry / std::to_string(index++));
  }
  return files;
}

}  // namespace isla::test
