// SPDX-License-Identifier: MIT
#include "file_tree.hpp"

#include <algorithm>
#include <fstream>
#include <iterator>

namespace isla::test {

std::map<std::string, std::string> fileTree(const std::filesystem::path& root) {
  std::map<std::string, std::string> out;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(root)) {
    if (!entry.is_regular_file()) continue;
    std::ifstream in(entry.path(), std::ios::binary);
    out[std::filesystem::relative(entry.path(), root).generic_string()] =
        std::string(std::istreambuf_iterator<char>(in), {});
  }
  return out;
}

std::vector<std::string> irregularEntries(const std::filesystem::path& root) {
  std::vector<std::string> out;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(root)) {
    const auto status = entry.symlink_status();
    if (!std::filesystem::is_regular_file(status) && !std::filesystem::is_directory(status)) {
      out.push_back(std::filesystem::relative(entry.path(), root).generic_string());
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<std::string> directoryEntries(const std::filesystem::path& directory) {
  std::vector<std::string> out;
  for (const auto& entry : std::filesystem::directory_iterator(directory)) {
    out.push_back(entry.path().filename().string());
  }
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace isla::test
