// SPDX-License-Identifier: MIT
// The request fields a job's message names (isla/compile/job_errors.hpp),
// in the command line's words: the flags and arguments that set them.
#pragma once

#include <isla/compile/job_errors.hpp>

namespace isla::cli {

inline constexpr RequestWords kCommandLineWords{
    "LAYOUT.json", "FILE.dat",          "PACKAGE", "OUTDIR",
    "--exporter",  "--option",          "--jobs",  "the validators' options",
    "--cache",     "--cache-max-bytes", "--shard", "--shard-dir",
    "--verify"};

}  // namespace isla::cli
