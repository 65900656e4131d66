// SPDX-License-Identifier: MIT
// The commands of isla-tool; each returns the process exit code.
#pragma once

#include "cli/invocation.hpp"

namespace isla::cli {

int runPlugins(Invocation& invocation);
int runPlugin(Invocation& invocation);
int runInspect(Invocation& invocation);
int runValidate(Invocation& invocation);
int runConvert(Invocation& invocation);
int runSynth(Invocation& invocation);
int runRun(Invocation& invocation);
// run's synopsis: each job's, from the table of jobs (run.cpp).
std::string runSynopsis();
int runExport(Invocation& invocation);
int runBundle(Invocation& invocation);
int runDiff(Invocation& invocation);
int runView(Invocation& invocation);
int runCache(Invocation& invocation);

}  // namespace isla::cli
