// SPDX-License-Identifier: MIT
#include "cli/compile_job.hpp"

#include <iostream>

#include <isla/base/io_error.hpp>
#include <isla/plugin/plugin_call.hpp>

#include "cli/invocation.hpp"
#include "cli/progress_display.hpp"
#include "cli/report.hpp"

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

CompileResult runCompileJob(const Kernel& kernel, const CompileRequest& request, bool quiet) {
  CompileResult result;
  try {
    const auto progress = makeProgressDisplay(quiet);
    result = compileWorld(kernel, request, *progress);
  } catch (const CompileError& error) {
    printDiagnostics(error.diagnostics(), std::cerr);
    throw CommandError(error.what());
  } catch (const OptionError& error) {
    throw UsageError(error.what());
  } catch (const PluginError& error) {
    throw CommandError(std::string(error.what()) + "; nothing was written");
  } catch (const IoError& error) {
    throw CommandError(std::string(error.what()) + "; nothing was written");
  }
  printDiagnostics(result.diagnostics, std::cerr, Severity::Warning);
  return result;
}

}  // namespace isla::cli
