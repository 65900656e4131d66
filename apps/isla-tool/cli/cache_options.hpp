// SPDX-License-Identifier: MIT
// --cache DIR and --cache-max-bytes N of the commands that compile (run
// compile, export): the patch cache of isla/jobs/patch_cache.hpp.
#pragma once

#include <boost/program_options.hpp>

#include <isla/jobs/compile.hpp>

namespace isla::cli {

void addCacheOptions(boost::program_options::options_description& options);

// Sets the request's cache and bound from the options; a UsageError for a
// bound that is not a whole number of bytes, or a bound without --cache.
void applyCacheOptions(const boost::program_options::variables_map& values, CompileRequest& request);

}  // namespace isla::cli
