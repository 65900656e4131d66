// SPDX-License-Identifier: MIT
#include "truncate_on_map.hpp"

#include <fstream>

namespace isla::test {

namespace {

// The AddressSanitizer runtime this process runs with (a sanitize build's
// tests and tool), or nothing: it must come first of the preloaded
// libraries, or the tool refuses to start ("ASan runtime does not come
// first").
std::string sanitizerRuntime() {
  std::ifstream maps("/proc/self/maps");
  for (std::string line; std::getline(maps, line);) {
    const auto path = line.find('/');
    if (path != std::string::npos && line.find("/libasan.so", path) != std::string::npos) return line.substr(path);
  }
  return "";
}

}  // namespace

std::filesystem::path truncateOnMapShim() { return ISLA_TEST_TRUNCATE_SHIM; }

std::map<std::string, std::string> truncatedWhenMapped(const std::filesystem::path& file, std::uint64_t bytes,
                                                       const std::filesystem::path& armed) {
  const std::string runtime = sanitizerRuntime();
  std::map<std::string, std::string> environment{
      {"LD_PRELOAD", (runtime.empty() ? "" : runtime + ":") + truncateOnMapShim().string()},
      {"ISLA_TEST_TRUNCATE_MAPPED", std::filesystem::absolute(file).string()},
      {"ISLA_TEST_TRUNCATE_TO", std::to_string(bytes)}};
  if (!armed.empty()) environment.emplace("ISLA_TEST_TRUNCATE_ARMED", std::filesystem::absolute(armed).string());
  return environment;
}

}  // namespace isla::test
