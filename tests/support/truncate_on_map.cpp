// SPDX-License-Identifier: MIT
#include "truncate_on_map.hpp"

#include <cstdlib>

namespace isla::test {

std::filesystem::path truncateOnMapShim() { return ISLA_TEST_TRUNCATE_SHIM; }

std::map<std::string, std::string> truncatedWhenMapped(const std::filesystem::path& file, std::uint64_t bytes,
                                                       const std::filesystem::path& armed) {
  std::map<std::string, std::string> environment{
      {"LD_PRELOAD", truncateOnMapShim().string()},
      {"ISLA_TEST_TRUNCATE_MAPPED", std::filesystem::absolute(file).string()},
      {"ISLA_TEST_TRUNCATE_TO", std::to_string(bytes)}};
  if (!armed.empty()) environment.emplace("ISLA_TEST_TRUNCATE_ARMED", std::filesystem::absolute(armed).string());
  // Under AddressSanitizer, whose runtime then is not first of the libraries.
  const char* asan = std::getenv("ASAN_OPTIONS");
  environment.emplace("ASAN_OPTIONS", std::string(asan ? asan : "") + (asan && *asan ? ":" : "") +
                                          "verify_asan_link_order=0");
  return environment;
}

}  // namespace isla::test
