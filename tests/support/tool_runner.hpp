// SPDX-License-Identifier: MIT
// Drives the built isla-tool as a user would: arguments, environment, exit
// code, stdout and stderr; and scratch directories for its files.
#pragma once

#include <filesystem>
#include <map>
#include <span>
#include <string>
#include <vector>

namespace isla::test {

struct ToolRun {
  int exitCode = -1;
  std::string out;
  std::string err;
};

// Runs isla-tool with no standard input and the ISLA_* variables of this
// process removed; `environment` adds or overrides variables.
ToolRun runTool(const std::vector<std::string>& arguments,
                const std::map<std::string, std::string>& environment = {});

std::filesystem::path toolPath();
// The build tree's directory of test-only plugin modules.
std::filesystem::path testPluginDirectory();

class TempDir {
 public:
  TempDir();
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  ~TempDir();
  const std::filesystem::path& path() const { return path_; }
  std::filesystem::path operator/(const std::string& name) const { return path_ / name; }

 private:
  std::filesystem::path path_;
};

void writeFile(const std::filesystem::path& path, std::span<const std::byte> bytes);
std::vector<std::byte> readFile(const std::filesystem::path& path);

}  // namespace isla::test
