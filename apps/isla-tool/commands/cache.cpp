// SPDX-License-Identifier: MIT
// isla-tool cache stats|clear DIR: what a patch cache (run compile --cache)
// holds, and emptying it.
#include <cstdio>
#include <iostream>

#include <isla/base/joined_text.hpp>
#include <isla/cache/patch_cache.hpp>

#include "cli/report.hpp"
#include "commands/commands.hpp"

namespace isla::cli {

namespace {

// "12 entries, 3456 bytes (0.0 MiB)".
std::string described(const CacheStats& stats) {
  char mib[32];
  std::snprintf(mib, sizeof mib, "%.1f", static_cast<double>(stats.bytes) / (1 << 20));
  return std::to_string(stats.entries) + (stats.entries == 1 ? " entry, " : " entries, ") +
         std::to_string(stats.bytes) + " bytes (" + mib + " MiB)";
}

}  // namespace

int runCache(Invocation& invocation) {
  po::options_description options("cache");
  options.add_options()
      ("action", po::value<std::string>(), "stats (what it holds) or clear (remove every entry)")
      ("directory", po::value<std::string>(), "the cache, as given to run compile --cache")
      ("json", po::bool_switch(), "stats: print {\"entries\": N, \"bytes\": N}");
  po::positional_options_description positional;
  positional.add("action", 1).add("directory", 1);
  if (!invocation.parse(options, positional)) return 0;
  const auto& values = invocation.values();
  const std::string action = values.count("action") ? values["action"].as<std::string>() : "";
  if (action != "stats" && action != "clear") throw UsageError("give an action: stats or clear");
  if (!values.count("directory")) throw UsageError("cache " + action + " needs the cache's directory");
  const PatchCache cache(values["directory"].as<std::string>(), PatchCache::Opening::Existing);
  const CacheStats stats = cache.stats();
  if (action == "clear") {
    const std::vector<std::string> left = cache.clear();
    if (!left.empty()) {
      throw CommandError("could not remove " + std::to_string(left.size()) + " of the entries and records of " +
                         cache.directory().string() + ": " + joinedText(left, "; ") +
                         "; make them writable (or clear it as their owner), then clear it again");
    }
    std::cout << "cleared " << cache.directory().string() << ": " << described(stats) << " removed\n";
  } else if (values["json"].as<bool>()) {
    printJson(boost::json::object{{"entries", stats.entries}, {"bytes", stats.bytes}}, std::cout);
  } else {
    std::cout << cache.directory().string() << ": " << described(stats) << "\n";
  }
  return 0;
}

}  // namespace isla::cli
