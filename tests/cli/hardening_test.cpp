// SPDX-License-Identifier: MIT
// Hostile conditions rather than hostile bytes, on the real binary: a
// file-size limit, a read-only directory, stages a killed process left, and
// inputs that would block (signals: interruption_test.cpp).
#include <boost/test/unit_test.hpp>

#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include <map>

#include "skips.hpp"
#include "tool_runner.hpp"

using namespace isla::test;
namespace fs = std::filesystem;

namespace {

// Every entry of a directory, recursively, with its size (-1 for anything
// but a file); symlinks are listed, not followed.
std::map<std::string, std::intmax_t> listing(const fs::path& directory) {
  std::map<std::string, std::intmax_t> entries;
  for (const auto& entry : fs::recursive_directory_iterator(directory)) {
    const auto name = entry.path().lexically_relative(directory).string();
    entries[name] = entry.is_regular_file() && !entry.is_symlink() ? static_cast<std::intmax_t>(entry.file_size()) : -1;
  }
  return entries;
}

// A 4096² blueprint (144 MiB), made once: far past the limits below.
const fs::path& largeBlueprint() {
  static TempDir dir;
  static const fs::path path = [] {
    const auto out = dir / "large.dat";
    const auto run = runTool({"synth", "--seed", "1", "--size", "4096", "--out", out.string()});
    if (run.exitCode != 0) throw std::runtime_error("synth failed: " + run.err);
    return out;
  }();
  return path;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(hardening)

BOOST_AUTO_TEST_CASE(a_file_size_limit_is_an_ordinary_write_error) {
  TempDir dir;
  const auto before = listing(dir.path());
  const auto output = dir / "out.dat";
  const std::uint64_t limit = 10 << 20;
  ToolProcess::Options options;
  options.fileSize = limit;
  const auto run = ToolProcess({"convert", largeBlueprint().string(), output.string()}, {}, options).wait();
  BOOST_TEST(run.exitCode == 1);
  BOOST_TEST(run.err == "isla-tool: error: cannot write '" + output.string() +
                            "': the file-size limit (ulimit -f) of 10485760 bytes was reached; raise it or "
                            "write elsewhere; nothing was written\n");
  BOOST_TEST((listing(dir.path()) == before));
}

BOOST_AUTO_TEST_CASE(a_read_only_directory_is_refused_before_any_work) {
  TempDir dir;
  const LockedDirectory locked(dir / "locked");
  if (!locked.locked()) {
    cannotRun("this machine has no way to make a directory unwritable for this user (root needs chattr, "
              "e2fsprogs, on a file system that supports it)");
    return;
  }
  const auto before = listing(dir.path());
  const auto output = dir / "locked" / "out.dat";
  const auto run = runTool({"convert", largeBlueprint().string(), output.string()});
  BOOST_TEST(run.exitCode == 1);
  BOOST_TEST(run.err == "isla-tool: error: the output directory '" + (dir / "locked").string() +
                            "' is not writable\n");
  BOOST_TEST((listing(dir.path()) == before));
}

BOOST_AUTO_TEST_CASE(stages_of_dead_processes_are_removed_by_the_next_write) {
  TempDir dir;
  TempDir elsewhere;
  const auto small = dir / "small.dat";
  BOOST_REQUIRE(runTool({"synth", "--seed", "2", "--size", "256", "--out", small.string()}).exitCode == 0);
  const std::string dead = ".out.dat.isla-stage-" + std::to_string(deadPid());
  const std::string live = ".out.dat.isla-stage-" + std::to_string(getpid()) + "-Live00";
  writeFile(dir / (dead + "-File00"), std::as_bytes(std::span("partial", 7)));
  fs::create_directories(dir / (dead + "-Dir000") / "tiles");
  writeFile(dir / (dead + "-Dir000") / "tiles" / "t.bin", std::as_bytes(std::span("t", 1)));
  writeFile(elsewhere / "precious", std::as_bytes(std::span("keep", 4)));
  fs::create_directory_symlink(elsewhere.path(), dir / (dead + "-Link00"));
  writeFile(dir / live, std::as_bytes(std::span("busy", 4)));
  writeFile(dir / ".other.dat.isla-stage-1-Other0", std::as_bytes(std::span("x", 1)));
  const auto before = listing(dir.path());

  const auto run = runTool({"convert", small.string(), (dir / "out.dat").string()});
  BOOST_TEST(run.exitCode == 0, run.err);
  BOOST_TEST(run.err == "isla-tool: note: removed what killed runs left behind: " +
                            (dir / (dead + "-Dir000")).string() + " " + (dir / (dead + "-File00")).string() +
                            " " + (dir / (dead + "-Link00")).string() + "\n");
  auto expected = before;
  std::erase_if(expected, [&](const auto& entry) { return entry.first.starts_with(dead); });
  expected["out.dat"] = static_cast<std::intmax_t>(fs::file_size(dir / "out.dat"));
  BOOST_TEST((listing(dir.path()) == expected));
  BOOST_TEST((readFile(elsewhere / "precious").size() == 4u));
}

BOOST_AUTO_TEST_CASE(inputs_that_would_block_are_refused_like_a_directory) {
  TempDir dir;
  const auto fifo = dir / "fifo";
  BOOST_REQUIRE(mkfifo(fifo.c_str(), 0600) == 0);
  const auto socketPath = dir / "socket";
  const int fd = socket(AF_UNIX, SOCK_STREAM, 0);
  sockaddr_un address{};
  address.sun_family = AF_UNIX;
  socketPath.string().copy(address.sun_path, sizeof address.sun_path - 1);
  BOOST_REQUIRE(bind(fd, reinterpret_cast<const sockaddr*>(&address), sizeof address) == 0);
  for (const auto& input : {dir.path(), fifo, socketPath, fs::path("/dev/zero")}) {
    const auto run = runTool({"inspect", input.string()});
    BOOST_TEST(run.exitCode == 1, input);
    BOOST_TEST(run.err == input.string() + ": error: cannot read '" + input.string() +
                              "': not a regular file [io.open]\n",
               input);
  }
  close(fd);
}

BOOST_AUTO_TEST_SUITE_END()
