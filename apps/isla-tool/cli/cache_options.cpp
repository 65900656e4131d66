// SPDX-License-Identifier: MIT
#include "cache_options.hpp"

#include <isla/base/printable_text.hpp>

#include <charconv>

#include "invocation.hpp"

namespace isla::cli {

namespace po = boost::program_options;

void addCacheOptions(po::options_description& options) {
  options.add_options()
      ("cache", po::value<std::string>()->value_name("DIR"),
       "a patch cache: patches made from the same inputs before are placed from it, the others computed and stored "
       "(the output is the same, byte for byte)")
      ("cache-max-bytes", po::value<std::string>()->value_name("N"),
       "--cache: the bytes it keeps at most, the least recently used entries going first (default 5 GiB)");
}

std::optional<CacheRequest> cacheOfOptions(const po::variables_map& values) {
  if (!values.count("cache")) {
    if (values.count("cache-max-bytes")) throw UsageError("--cache-max-bytes bounds the cache of --cache DIR; give both");
    return std::nullopt;
  }
  CacheRequest cache{values["cache"].as<std::string>()};
  if (!values.count("cache-max-bytes")) return cache;
  const std::string& text = values["cache-max-bytes"].as<std::string>();
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), cache.maxBytes);
  if (text.empty() || error != std::errc() || end != text.data() + text.size()) {
    throw UsageError("--cache-max-bytes is '" + printableText(text) + "'; give a whole number of bytes, such as " +
                     std::to_string(PatchCache::kDefaultMaxBytes) + " (5 GiB, the default)");
  }
  return cache;
}

}  // namespace isla::cli
