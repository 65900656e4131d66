// SPDX-License-Identifier: MIT
#include "signal_at.hpp"

#include <signal.h>

#include <cstdlib>
#include <fstream>
#include <iterator>

#include "skips.hpp"

namespace isla::test {

std::string signalName(int signal) {
  switch (signal) {
    case SIGINT: return "SIGINT";
    case SIGTERM: return "SIGTERM";
    case SIGHUP: return "SIGHUP";
    default: return "signal " + std::to_string(signal);
  }
}

ToolRun runToolSignalledAt(const SignalAt& at, const std::vector<std::string>& arguments,
                           const std::map<std::string, std::string>& environment) {
  const auto strace = findProgram("strace");
  if (!strace) throw std::runtime_error("strace is not on PATH (Debian: strace; scripts/install-deps installs it)");
  const TempDir scratch;
  ToolProcess::Options options;
  std::filesystem::path path = at.path;
  if (path == SignalAt::kStdout) path = options.stdoutFile = scratch / "stdout";
  // -f: the tool's threads too; no trace is written, and strace says nothing
  // of its own. (With --seccomp-bpf, strace 6.1 traces the call but sends
  // no signal.)
  options.wrapper = {strace->string(), "-f", "-qq", "-o", "/dev/null", "-e", "trace=" + at.syscall,
                     "-e", "inject=" + at.syscall + ":signal=" + std::to_string(at.signal) + ":when=" + std::to_string(at.nth)};
  if (!path.empty()) {
    options.wrapper.push_back("-P");
    options.wrapper.push_back(path.string());
  }
  options.wrapper.push_back("--");
  // LeakSanitizer stops the world with ptrace, which a traced process cannot:
  // a sanitizer build that exits normally under strace checks no leaks.
  auto traced = environment;
  if (!traced.contains("ASAN_OPTIONS")) {
    const char* asan = std::getenv("ASAN_OPTIONS");
    traced["ASAN_OPTIONS"] = std::string(asan ? asan : "") + (asan && *asan ? ":" : "") + "detect_leaks=0";
  }
  ToolRun run = ToolProcess(arguments, traced, options).wait();
  if (!options.stdoutFile.empty()) {
    std::ifstream in(options.stdoutFile, std::ios::binary);
    run.out.assign(std::istreambuf_iterator<char>(in), {});
  }
  return run;
}

boost::test_tools::assertion_result straceOrCi(boost::unit_test::test_unit_id unit) {
  return programOrCi(unit, "strace", "strace");
}

}  // namespace isla::test
