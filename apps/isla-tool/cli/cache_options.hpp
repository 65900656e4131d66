// SPDX-License-Identifier: MIT
// --cache DIR and --cache-max-bytes N of the commands that compile (run
// compile, export): the patch cache of isla/cache/cached_compile.hpp.
#pragma once

#include <boost/program_options.hpp>

#include <optional>

#include <isla/cache/cached_compile.hpp>

namespace isla::cli {

void addCacheOptions(boost::program_options::options_description& options);

// The cache and its bound of the options, none without --cache; a
// UsageError for a bound that is not a whole number of bytes, or a bound
// without --cache.
std::optional<CacheRequest> cacheOfOptions(const boost::program_options::variables_map& values);

}  // namespace isla::cli
