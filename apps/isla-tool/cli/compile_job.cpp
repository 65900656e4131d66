// SPDX-License-Identifier: MIT
#include "cli/compile_job.hpp"

#include <iostream>

#include "cli/command_step.hpp"
#include "cli/invocation.hpp"
#include "cli/progress_display.hpp"
#include "cli/report.hpp"
#include "cli/request_words.hpp"
#include "cli/thread_count.hpp"

namespace isla::cli {

OptionText exporterOptions(const std::vector<std::string>& assignments) {
  OptionText options;
  for (const auto& assignment : assignments) {
    const auto equals = assignment.find('=');
    if (equals == std::string::npos || equals == 0) {
      throw UsageError("--option takes KEY=VALUE, not '" + assignment + "'");
    }
    options.insert_or_assign(assignment.substr(0, equals), assignment.substr(equals + 1));
  }
  return options;
}

CompileRequest requestFromOptions(Invocation& invocation) {
  const auto& values = invocation.values();
  CompileRequest request;
  request.exporter = values["exporter"].as<std::string>();
  if (values.count("option")) request.options = exporterOptions(values["option"].as<std::vector<std::string>>());
  request.threads = threadCount(values, "jobs");
  request.validatorOptions = invocation.pluginValues();
  return request;
}

CachedCompileResult runCompileJob(const Kernel& kernel, const CompileRequest& request,
                                  const std::optional<CacheRequest>& cache, bool quiet) {
  return runCompileJob<CachedCompileResult>(
      [&](Progress& progress) {
        return cache ? compileThroughCache(kernel, request, *cache, progress)
                     : CachedCompileResult{compileWorld(kernel, request, progress)};
      },
      quiet);
}

template <class Result>
Result runCompileJob(const std::function<Result(Progress&)>& job, bool quiet) {
  Result result;
  try {
    result = commandStep([&] {
      const auto progress = makeProgressDisplay(quiet);
      return job(*progress);
    });
  } catch (const CompileError& error) {
    printDiagnostics(error.diagnostics(), std::cerr);
    throw JobFailed(error.message().in(kCommandLineWords), error.diagnostics());
  } catch (const RequestError& error) {
    throw UsageError(error.message().in(kCommandLineWords));
  } catch (const OptionError& error) {
    throw UsageError(error.what());
  }
  printDiagnostics(result.diagnostics, std::cerr, Severity::Warning);
  return result;
}

template CachedCompileResult runCompileJob(const std::function<CachedCompileResult(Progress&)>&, bool);
template ShardResult runCompileJob(const std::function<ShardResult(Progress&)>&, bool);
template AssemblyResult runCompileJob(const std::function<AssemblyResult(Progress&)>&, bool);

}  // namespace isla::cli
