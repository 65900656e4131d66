// SPDX-License-Identifier: MIT
// isla-tool run under strace, which sends it a signal as it enters a chosen
// system call: an interruption at an exact point of its work (before its
// stage exists, as the stage is made, as it publishes, as it prints its
// result), whatever the machine's speed or load.
#pragma once

#include <boost/test/unit_test.hpp>

#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "tool_runner.hpp"

namespace isla::test {

struct SignalAt {
  int signal;
  std::string syscall;  // as strace names it: "newfstatat", "chmod", "fsync", "renameat2", "write"...
  // Only the calls on this absolute path (or on a descriptor open on it);
  // kStdout: on the tool's standard output. Empty: every call.
  std::filesystem::path path;
  int nth = 1;  // the nth such call of one thread

  static inline const std::filesystem::path kStdout = "<stdout>";
};

// Runs isla-tool as runTool does, with `at.signal` sent at that call. With
// kStdout, the tool's stdout is a file (strace matches calls by path), read
// back into ToolRun::out.
ToolRun runToolSignalledAt(const SignalAt& at, const std::vector<std::string>& arguments,
                           const std::map<std::string, std::string>& environment = {});

// A precondition: strace is on PATH, or CI=true (then the test fails saying so).
boost::test_tools::assertion_result straceOrCi(boost::unit_test::test_unit_id unit);

// "SIGINT", "SIGTERM", "SIGHUP": for the tool's line and test messages.
std::string signalName(int signal);

}  // namespace isla::test
