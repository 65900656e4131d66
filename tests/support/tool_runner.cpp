// SPDX-License-Identifier: MIT
#include "tool_runner.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <iterator>
#include <stdexcept>

extern char** environ;

namespace isla::test {

namespace {

// How a process ended, from its wait status.
void setEnd(ToolRun& run, int status) {
  run.killedBy = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
  run.exitCode = run.killedBy != 0 ? 128 + run.killedBy : WEXITSTATUS(status);
}

// Everything written to `out` and `err` until both are closed.
void collect(int out, int err, ToolRun& run) {
  pollfd fds[2] = {{out, POLLIN, 0}, {err, POLLIN, 0}};
  std::string* sinks[2] = {&run.out, &run.err};
  int open = 2;
  while (open > 0) {
    if (poll(fds, 2, -1) < 0) continue;
    for (int i = 0; i < 2; ++i) {
      if (fds[i].fd < 0 || !(fds[i].revents & (POLLIN | POLLHUP))) continue;
      char buffer[65536];
      const ssize_t got = read(fds[i].fd, buffer, sizeof buffer);
      if (got > 0) {
        sinks[i]->append(buffer, static_cast<std::size_t>(got));
      } else {
        close(fds[i].fd);
        fds[i].fd = -1;
        --open;
      }
    }
  }
}

struct Pipes {
  int out[2];
  int err[2];
  Pipes() {
    if (pipe2(out, O_CLOEXEC) != 0 || pipe2(err, O_CLOEXEC) != 0) throw std::runtime_error("pipe");
  }
  // In the child: stdout and stderr into the pipes.
  void redirectChild() const {
    dup2(out[1], 1);
    dup2(err[1], 2);
  }
  // In the parent: only the reading ends stay open.
  void closeWritingEnds() const {
    close(out[1]);
    close(err[1]);
  }
};

}  // namespace

LockedDirectory::LockedDirectory(std::filesystem::path path) : path_(std::move(path)) {
  std::filesystem::create_directories(path_);
  std::filesystem::permissions(path_, std::filesystem::perms::owner_read | std::filesystem::perms::owner_exec);
  if (geteuid() == 0) {
    immutable_ = std::system(("chattr +i '" + path_.string() + "' 2>/dev/null").c_str()) == 0;
  }
  locked_ = access(path_.c_str(), W_OK) != 0;
}

LockedDirectory::~LockedDirectory() {
  if (immutable_) std::system(("chattr -i '" + path_.string() + "' 2>/dev/null").c_str());
  std::error_code ignored;
  std::filesystem::permissions(path_, std::filesystem::perms::owner_all, ignored);
}

int deadPid() {
  const pid_t pid = fork();
  if (pid == 0) _exit(0);
  waitpid(pid, nullptr, 0);
  return pid;
}

std::filesystem::path toolPath() { return ISLA_TEST_TOOL_PATH; }
std::filesystem::path testPluginDirectory() { return ISLA_TEST_PLUGIN_DIR; }

ToolRun runTool(const std::vector<std::string>& arguments,
                const std::map<std::string, std::string>& environment) {
  return ToolProcess(arguments, environment).wait();
}

ToolProcess::ToolProcess(const std::vector<std::string>& arguments,
                         const std::map<std::string, std::string>& environment, const Options& options) {
  std::vector<std::string> env;
  for (char** entry = environ; *entry; ++entry) {
    const std::string text = *entry;
    const std::string name = text.substr(0, text.find('='));
    if (name.starts_with("ISLA_") || environment.contains(name)) continue;
    env.push_back(text);
  }
  for (const auto& [name, value] : environment) {
    if (value != kUnset) env.push_back(name + "=" + value);
  }

  std::vector<std::string> argv = options.wrapper;
  argv.push_back(toolPath().string());
  argv.insert(argv.end(), arguments.begin(), arguments.end());
  std::vector<char*> rawArgv, rawEnv;
  for (auto& a : argv) rawArgv.push_back(a.data());
  rawArgv.push_back(nullptr);
  for (auto& e : env) rawEnv.push_back(e.data());
  rawEnv.push_back(nullptr);

  const Pipes pipes;
  const pid_t pid = fork();
  if (pid < 0) throw std::runtime_error("cannot start " + argv[0]);
  if (pid == 0) {
    // The child of a fork: async-signal-safe calls only, up to the exec.
    const int null = open("/dev/null", O_RDONLY | O_CLOEXEC);
    dup2(null, 0);
    pipes.redirectChild();
    if (!options.stdoutFile.empty()) {
      const int file = open(options.stdoutFile.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
      dup2(file, 1);
    }
    for (const int handled : {SIGINT, SIGTERM, SIGHUP}) ::signal(handled, SIG_DFL);
    if (options.fileSize) {
      const rlimit limit{*options.fileSize, *options.fileSize};
      setrlimit(RLIMIT_FSIZE, &limit);
    }
    execve(rawArgv[0], rawArgv.data(), rawEnv.data());
    _exit(127);
  }
  pipes.closeWritingEnds();
  pid_ = pid;
  out_ = pipes.out[0];
  err_ = pipes.err[0];
}

ToolProcess::~ToolProcess() {
  if (pid_ < 0) return;
  kill(pid_, SIGKILL);
  close(out_);
  close(err_);
  waitpid(pid_, nullptr, 0);
}

ToolRun ToolProcess::wait() {
  ToolRun run;
  collect(out_, err_, run);
  int status = 0;
  rusage usage{};
  wait4(pid_, &status, 0, &usage);
  pid_ = -1;
  setEnd(run, status);
  run.peakResidentKiB = static_cast<std::uint64_t>(usage.ru_maxrss);
  return run;
}

ToolRun runInChild(const std::function<int()>& body) {
  const Pipes pipes;
  const pid_t pid = fork();
  if (pid < 0) throw std::runtime_error("cannot fork");
  if (pid == 0) {
    pipes.redirectChild();
    int result = 126;
    try {
      result = body();
    } catch (...) {
    }
    _exit(result);
  }
  pipes.closeWritingEnds();
  ToolRun run;
  collect(pipes.out[0], pipes.err[0], run);
  int status = 0;
  waitpid(pid, &status, 0);
  setEnd(run, status);
  return run;
}

TempDir::TempDir() {
  std::string pattern = (std::filesystem::temp_directory_path() / "isla-test-XXXXXX").string();
  if (!mkdtemp(pattern.data())) throw std::runtime_error("cannot create a temporary directory");
  path_ = pattern;
}

TempDir::~TempDir() {
  std::error_code error;
  std::filesystem::permissions(path_, std::filesystem::perms::owner_all,
                               std::filesystem::perm_options::add, error);
  std::filesystem::remove_all(path_, error);
}

void writeFile(const std::filesystem::path& path, std::span<const std::byte> bytes) {
  std::ofstream out(path, std::ios::binary);
  out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
  if (!out) throw std::runtime_error("cannot write " + path.string());
}

std::vector<std::byte> readFile(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read " + path.string());
  std::vector<char> chars((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const auto raw = std::as_bytes(std::span(chars));
  return {raw.begin(), raw.end()};
}

void overwriteInPlace(const std::filesystem::path& path, std::uint64_t offset, std::string_view bytes) {
  const int fd = ::open(path.c_str(), O_WRONLY | O_CLOEXEC);
  if (fd < 0) throw std::runtime_error("cannot open " + path.string());
  const ssize_t written = ::pwrite(fd, bytes.data(), bytes.size(), static_cast<off_t>(offset));
  ::close(fd);
  if (written != static_cast<ssize_t>(bytes.size())) throw std::runtime_error("cannot write " + path.string());
}

}  // namespace isla::test
