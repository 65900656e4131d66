// SPDX-License-Identifier: MIT
// --jobs and --threads: a whole number of threads from 1 to kMaxThreads.
// Read as text, since Boost.Program_options reads "-1" as an unsigned
// 4294967295 and "1e9" not at all.
#pragma once

#include <boost/program_options.hpp>

#include <string>

namespace isla::cli {

inline constexpr unsigned kMaxThreads = 256;

// The option's value for a command's options_description.
boost::program_options::typed_value<std::string>* threadCountValue();

// The count given with `--option`, or 0 (every core) when it is absent;
// a UsageError naming the range for anything else.
unsigned threadCount(const boost::program_options::variables_map& values, const std::string& option);

}  // namespace isla::cli
