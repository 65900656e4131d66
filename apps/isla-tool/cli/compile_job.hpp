// SPDX-License-Identifier: MIT
// The compile job (isla/compile/compile.hpp) as the commands that run it
// (`run compile`, `export`) run it: --option KEY=VALUE parsed, progress on
// stderr, the job's errors turned into the command's, warnings printed.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <isla/cache/cached_compile.hpp>
#include <isla/compile/compile.hpp>
#include <isla/shard/shard.hpp>

#include "cli/invocation.hpp"

namespace isla::cli {

// Throws UsageError for an assignment without '=' or key.
OptionText exporterOptions(const std::vector<std::string>& assignments);

// A request with the exporter, its options, the threads and the validator
// options of the command line (--exporter, --option, --jobs, the
// validators' own); the caller names the inputs and the output.
CompileRequest requestFromOptions(Invocation& invocation);

// The job failed on its input or output: its diagnostics, printed already,
// for a caller that shows them elsewhere too (view --watch's page).
class JobFailed : public CommandError {
 public:
  JobFailed(const std::string& message, Diagnostics diagnostics)
      : CommandError(message), diagnostics_(std::move(diagnostics)) {}
  const Diagnostics& diagnostics() const { return diagnostics_; }

 private:
  Diagnostics diagnostics_;
};

// compileWorld, or with a cache (--cache) compileThroughCache; throws
// JobFailed after printing the job's diagnostics.
CachedCompileResult runCompileJob(const Kernel& kernel, const CompileRequest& request,
                                  const std::optional<CacheRequest>& cache, bool quiet);

// The same for any job of the compile's kind (a shard, an assembly), whose
// warnings `job` returns.
template <class Result>
Result runCompileJob(const std::function<Result(Progress&)>& job, bool quiet);
extern template CachedCompileResult runCompileJob(const std::function<CachedCompileResult(Progress&)>&, bool);
extern template ShardResult runCompileJob(const std::function<ShardResult(Progress&)>&, bool);
extern template AssemblyResult runCompileJob(const std::function<AssemblyResult(Progress&)>&, bool);

}  // namespace isla::cli
