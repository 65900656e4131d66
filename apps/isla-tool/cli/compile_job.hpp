// SPDX-License-Identifier: MIT
// The compile job (isla/jobs/compile.hpp) as the commands that run it
// (`run compile`, `export`) run it: --option KEY=VALUE parsed, progress on
// stderr, the job's errors turned into the command's, warnings printed.
#pragma once

#include <string>
#include <vector>

#include <isla/jobs/compile.hpp>

namespace isla::cli {

// Throws UsageError for an assignment without '=' or key.
OptionText exporterOptions(const std::vector<std::string>& assignments);

// Throws CommandError after printing the job's diagnostics.
CompileResult runCompileJob(const Kernel& kernel, const CompileRequest& request, bool quiet);

}  // namespace isla::cli
