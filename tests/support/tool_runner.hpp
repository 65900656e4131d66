// SPDX-License-Identifier: MIT
// Drives the built isla-tool as a user would: arguments, environment, exit
// code, stdout and stderr; and scratch directories for its files.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace isla::test {

struct ToolRun {
  int exitCode = -1;  // as a shell reports it: the exit status, or 128 + the signal that killed it
  int killedBy = 0;   // the signal that killed it, 0 when it exited
  std::string out;
  std::string err;
  std::uint64_t peakResidentKiB = 0;  // its peak resident set (VmHWM), mapped files included
};

// An `environment` value that removes the variable instead of setting it.
inline constexpr std::string_view kUnset = "\x01unset";

// Runs isla-tool with no standard input and the ISLA_* variables of this
// process removed; `environment` adds, overrides or (kUnset) removes variables.
ToolRun runTool(const std::vector<std::string>& arguments,
                const std::map<std::string, std::string>& environment = {});

// isla-tool started as runTool starts it, with a limit or under another
// program (strace: signal_at.hpp). Its signals start at their defaults.
class ToolProcess {
 public:
  struct Options {
    std::optional<std::uint64_t> fileSize;   // RLIMIT_FSIZE, in bytes
    std::vector<std::string> wrapper;        // a program and its arguments, the tool's command line after them
    std::filesystem::path stdoutFile;        // when not empty, its stdout goes there, not to ToolRun::out
  };
  explicit ToolProcess(const std::vector<std::string>& arguments,
                       const std::map<std::string, std::string>& environment = {}, const Options& options = {});
  ToolProcess(const ToolProcess&) = delete;
  ToolProcess& operator=(const ToolProcess&) = delete;
  ~ToolProcess();  // kills and reaps it if not waited for

  // Collects its output until it exits.
  ToolRun wait();

 private:
  int pid_ = -1;
  int out_ = -1;
  int err_ = -1;
};

// Runs `body` in a forked child, so that it may change the process's signal
// state, and returns how it ended (body's return value is the exit status)
// and what it wrote on stdout and stderr. `body` must not use the Boost.Test
// macros.
ToolRun runInChild(const std::function<int()>& body);

// A directory nobody may create files in for as long as it lives: read-only
// permission bits, and for root (whom they do not stop) the immutable
// attribute. `locked()` is false where neither works (chattr missing).
class LockedDirectory {
 public:
  explicit LockedDirectory(std::filesystem::path path);
  LockedDirectory(const LockedDirectory&) = delete;
  LockedDirectory& operator=(const LockedDirectory&) = delete;
  ~LockedDirectory();
  bool locked() const { return locked_; }

 private:
  std::filesystem::path path_;
  bool immutable_ = false;
  bool locked_ = false;
};

// The pid of a process that has exited and been reaped: a stage named
// with it is abandoned.
int deadPid();

std::filesystem::path toolPath();
// The build tree's directory of test-only plugin modules.
std::filesystem::path testPluginDirectory();

class TempDir {
 public:
  TempDir();
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  ~TempDir();
  const std::filesystem::path& path() const { return path_; }
  std::filesystem::path operator/(const std::string& name) const { return path_ / name; }

 private:
  std::filesystem::path path_;
};

void writeFile(const std::filesystem::path& path, std::span<const std::byte> bytes);
std::vector<std::byte> readFile(const std::filesystem::path& path);
// Writes `bytes` over the file's own at `offset`, neither truncating it nor
// making a new file (as `dd conv=notrunc` and an editor saving in place do).
void overwriteInPlace(const std::filesystem::path& path, std::uint64_t offset, std::string_view bytes);

}  // namespace isla::test
