// SPDX-License-Identifier: MIT
// Hostile conditions rather than hostile bytes, on the real binary: a signal
// at several points of a large write, a file-size limit, a read-only
// directory, stages a killed process left, and inputs that would block.
#include <boost/test/unit_test.hpp>

#include <signal.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include <chrono>
#include <map>
#include <thread>

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

// A 4096² blueprint (144 MiB), made once: its write lasts long enough to be
// interrupted at chosen points.
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

// The stage being written in `directory`, if there is one, and its size.
std::optional<std::uintmax_t> stageSize(const fs::path& directory) {
  std::error_code error;
  for (const auto& entry : fs::directory_iterator(directory, error)) {
    if (entry.path().filename().string().find(".isla-stage-") == std::string::npos) continue;
    const auto size = fs::file_size(entry.path(), error);
    if (!error) return size;
  }
  return std::nullopt;
}

std::string signalName(int signal) {
  return signal == SIGINT ? "SIGINT" : signal == SIGTERM ? "SIGTERM" : "SIGHUP";
}

// Converts the large blueprint and sends `signal` once the stage holds at
// least `fraction` of the output; with 1.0 the stage is complete and the
// tool is syncing or publishing it.
void interruptConvertAt(int signal, double fraction) {
  const auto& input = largeBlueprint();
  const auto outputSize = fs::file_size(input);  // --keep-provenance: byte-identical
  const auto threshold = static_cast<std::uintmax_t>(fraction * static_cast<double>(outputSize));
  TempDir dir;
  writeFile(dir / "keep.txt", std::as_bytes(std::span("unrelated", 9)));
  const auto before = listing(dir.path());
  const auto output = dir / "out.dat";
  ToolProcess tool({"convert", "--keep-provenance", input.string(), output.string()});
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
  for (;;) {
    const auto size = stageSize(dir.path());
    if (size && *size >= threshold) break;
    BOOST_REQUIRE_MESSAGE(std::chrono::steady_clock::now() < deadline, "the stage never reached the point");
    BOOST_REQUIRE_MESSAGE(!fs::exists(output), "convert finished before the point");
    std::this_thread::sleep_for(std::chrono::microseconds(100));
  }
  tool.signal(signal);
  const auto run = tool.wait();
  const std::string context = signalName(signal) + " at " + std::to_string(fraction);
  BOOST_TEST(run.exitCode == 128 + signal, context);
  if (fraction >= 1.0 && fs::exists(output)) {
    // The signal came after the rename: the output is whole.
    BOOST_TEST(fs::file_size(output) == outputSize, context);
    auto expected = before;
    expected["out.dat"] = static_cast<std::intmax_t>(outputSize);
    BOOST_TEST((listing(dir.path()) == expected), context);
    return;
  }
  BOOST_TEST(run.err == "isla-tool: interrupted by " + signalName(signal) + "; nothing was written\n", context);
  BOOST_TEST((listing(dir.path()) == before), context);
}

void interruptConvertAtSeveralPoints(int signal) {
  for (const double fraction : {0.0, 0.3, 0.7, 1.0}) interruptConvertAt(signal, fraction);
}

}  // namespace

BOOST_AUTO_TEST_SUITE(hardening)

BOOST_AUTO_TEST_CASE(sigint_during_a_write_leaves_nothing) { interruptConvertAtSeveralPoints(SIGINT); }
BOOST_AUTO_TEST_CASE(sigterm_during_a_write_leaves_nothing) { interruptConvertAtSeveralPoints(SIGTERM); }
BOOST_AUTO_TEST_CASE(sighup_during_a_write_leaves_nothing) { interruptConvertAtSeveralPoints(SIGHUP); }

BOOST_AUTO_TEST_CASE(a_signal_while_nothing_is_written_ends_the_tool_at_once) {
  TempDir dir;
  // synth generates for seconds before it opens its stage.
  ToolProcess tool({"synth", "--seed", "1", "--size", "4096", "--out", (dir / "x.dat").string()});
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  BOOST_REQUIRE(!stageSize(dir.path()));
  tool.signal(SIGTERM);
  const auto run = tool.wait();
  BOOST_TEST(run.exitCode == 128 + SIGTERM);
  BOOST_TEST(run.err == "");
  BOOST_TEST(listing(dir.path()).empty());
}

BOOST_AUTO_TEST_CASE(a_file_size_limit_is_an_ordinary_write_error) {
  TempDir dir;
  const auto before = listing(dir.path());
  const auto output = dir / "out.dat";
  const std::uint64_t limit = 10 << 20;
  ToolProcess tool({"convert", largeBlueprint().string(), output.string()}, {}, {.fileSize = limit});
  const auto run = tool.wait();
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
