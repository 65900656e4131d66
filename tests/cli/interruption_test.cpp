// SPDX-License-Identifier: MIT
// Every command that writes, interrupted by SIGINT, SIGTERM or SIGHUP at
// each point of its work: as it looks at its output path (before any stage
// exists), as its stage is made, as it publishes, and as it prints its
// result. strace sends the signal as the tool enters that system call
// (signal_at.hpp), so each point is hit exactly, however fast or loaded the
// machine. Whatever the point, the tool dies by the signal, so that a
// calling shell sees 128 + N and its loop stops, after one last line:
// "nothing was written" with nothing left where the output goes, or "after
// writing 'OUT'" with OUT byte for byte what an uninterrupted run writes.
#include <boost/test/unit_test.hpp>

#include <signal.h>

#include <functional>

#include "compile_workspace.hpp"
#include "signal_at.hpp"

using namespace isla::test;
namespace fs = std::filesystem;

namespace {

// A command that writes its outputs into the directory `out`.
struct Writer {
  std::string name;
  std::function<std::vector<std::string>(const fs::path& out)> arguments;
  std::vector<std::string> outputs;  // in `out` after an uninterrupted run, the last published last
  std::string stageCall;             // the call that makes its stage: chmod (a directory) or fchmod (a file)
  // The call on an output's path that publishes it: renameat2 of a file; of
  // a directory mkdir, which reserves the name the stage is then renamed
  // onto (strace 6.1's -P matches renameat2 calls, not rename ones).
  std::string publishCall;
};

// The inputs, made once: two blueprints, their 1 x 2 layout, its shards,
// and a 1024² blueprint, about forty writes of a stage.
struct Inputs {
  Workspace ws;
  fs::path a, b, layout, shards, large;
  Inputs() {
    a = ws.dir / ws.blueprint(1);
    b = ws.dir / ws.blueprint(2);
    large = ws.dir / ws.blueprint(3, 1024);
    layout = ws.layout("layout.json", 1, 2);
    shards = ws.dir / "shards";
    for (const std::string shard : {"0/2", "1/2"}) {
      const auto run = runTool({"run", "compile", layout.string(), ws.path("unused"), "--shard", shard, "--shard-dir",
                                shards.string(), "--quiet"});
      if (run.exitCode != 0) throw std::runtime_error("shard " + shard + ": " + run.err);
    }
  }
};

const Inputs& inputs() {
  static const Inputs made;
  return made;
}

std::vector<Writer> writers() {
  const Inputs& in = inputs();
  const auto file = [](std::string name, auto arguments, std::vector<std::string> outputs) {
    return Writer{std::move(name), arguments, std::move(outputs), "fchmod", "renameat2"};
  };
  const auto directory = [](std::string name, auto arguments, std::vector<std::string> outputs) {
    return Writer{std::move(name), arguments, std::move(outputs), "chmod", "mkdir"};
  };
  return {
      file("convert", [&](const fs::path& out) {
        return std::vector<std::string>{"convert", "--keep-provenance", in.a, out / "converted.dat"};
      }, {"converted.dat"}),
      file("synth", [](const fs::path& out) {
        return std::vector<std::string>{"synth", "--seed", "5", "--size", "256", "--out", out / "synth.dat"};
      }, {"synth.dat"}),
      file("bundle make", [&](const fs::path& out) {
        return std::vector<std::string>{"bundle", "make", out / "bundle.zip", "--blueprint", in.a, "--bundle-id", "a"};
      }, {"bundle.zip"}),
      // The image, then its legend: the line names the image.
      file("diff --image", [&](const fs::path& out) {
        return std::vector<std::string>{"diff", in.a, in.b, "--image", out / "change.png"};
      }, {"change.png", "change.json"}),
      directory("export", [&](const fs::path& out) {
        return std::vector<std::string>{"export", in.a, out / "exported", "--quiet"};
      }, {"exported"}),
      directory("run compile", [&](const fs::path& out) {
        return std::vector<std::string>{"run", "compile", in.layout, out / "world", "--quiet"};
      }, {"world"}),
      directory("run compile --shard", [&](const fs::path& out) {
        return std::vector<std::string>{"run", "compile", in.layout, out / "world", "--shard", "1/2", "--shard-dir",
                                        out, "--quiet"};
      }, {"shard-1"}),
      directory("run assemble", [&](const fs::path& out) {
        return std::vector<std::string>{"run", "assemble", in.layout, out / "assembled", "--shard-dir", in.shards,
                                        "--quiet"};
      }, {"assembled"}),
  };
}

enum class Point { LookingAtTheOutput, StageMade, Publishing, PrintingTheResult };
constexpr Point kPoints[] = {Point::LookingAtTheOutput, Point::StageMade, Point::Publishing,
                             Point::PrintingTheResult};
constexpr int kSignals[] = {SIGINT, SIGTERM, SIGHUP};

const char* nameOf(Point point) {
  switch (point) {
    case Point::LookingAtTheOutput: return "as it looks at its output path";
    case Point::StageMade: return "as its stage is made";
    case Point::Publishing: return "as it publishes";
    case Point::PrintingTheResult: return "as it prints its result";
  }
  return "";
}

SignalAt signalAt(int signal, Point point, const Writer& writer, const fs::path& out) {
  switch (point) {
    case Point::LookingAtTheOutput: return {signal, "newfstatat", out / writer.outputs.front()};
    case Point::StageMade: return {signal, writer.stageCall, {}};
    case Point::Publishing: return {signal, writer.publishCall, out / writer.outputs.back()};
    case Point::PrintingTheResult: return {signal, "write", SignalAt::kStdout};
  }
  return {};
}

}  // namespace

BOOST_AUTO_TEST_SUITE(interruption)

BOOST_AUTO_TEST_CASE(every_writer_dies_by_the_signal_after_its_line_leaving_all_or_nothing,
                     *boost::unit_test::precondition(straceOrCi)) {
  const auto all = writers();
  for (std::size_t w = 0; w < all.size(); ++w) {
    const Writer& writer = all[w];
    const TempDir reference;
    const auto uninterrupted = runTool(writer.arguments(reference.path()));
    BOOST_TEST_REQUIRE(uninterrupted.exitCode == 0, writer.name << ": " << uninterrupted.err);
    for (std::size_t p = 0; p < std::size(kPoints); ++p) {
      const Point point = kPoints[p];
      const int signal = kSignals[(w + p) % std::size(kSignals)];
      BOOST_TEST_CONTEXT(writer.name << ", " << signalName(signal) << " " << nameOf(point)) {
        const TempDir out;
        const auto run = runToolSignalledAt(signalAt(signal, point, writer, out.path()), writer.arguments(out.path()));
        BOOST_TEST(run.killedBy == signal, "exit " << run.exitCode << ", stderr: " << run.err);
        const std::string interrupted = "isla-tool: interrupted by " + signalName(signal);
        if (point == Point::LookingAtTheOutput || point == Point::StageMade) {
          BOOST_TEST(run.err.ends_with(interrupted + "; nothing was written\n"), run.err);
          BOOST_TEST(directoryEntries(out.path()).empty());
        } else {
          const auto named = out / writer.outputs.front();
          BOOST_TEST(run.err.ends_with(interrupted + " after writing '" + named.string() + "'\n"), run.err);
          BOOST_TEST((fileTree(out.path()) == fileTree(reference.path())));
          BOOST_TEST(directoryEntries(out.path()) == directoryEntries(reference.path()),
                     boost::test_tools::per_element());
        }
      }
    }
  }
}

BOOST_AUTO_TEST_CASE(a_signal_at_a_write_or_at_the_sync_of_a_stage_leaves_nothing,
                     *boost::unit_test::precondition(straceOrCi)) {
  const auto& in = inputs();
  // The compile writes its files from one thread with --jobs 1, thirteen of them.
  const auto convert = [&](const fs::path& out) {
    return std::vector<std::string>{"convert", in.large, out / "out.dat"};
  };
  const auto compile = [&](const fs::path& out) {
    return std::vector<std::string>{"run", "compile", in.layout, out / "world", "--quiet", "--jobs", "1"};
  };
  struct Case {
    std::string name;
    std::function<std::vector<std::string>(const fs::path&)> arguments;
    std::string call;
    int nth;
  };
  const Case cases[] = {{"convert", convert, "write", 1}, {"convert", convert, "write", 20},
                        {"convert", convert, "fsync", 1}, {"run compile", compile, "write", 1},
                        {"run compile", compile, "write", 5}};
  for (const int signal : kSignals) {
    for (const Case& c : cases) {
      BOOST_TEST_CONTEXT(c.name << ", " << signalName(signal) << " at " << c.call << " " << c.nth) {
        const TempDir out;
        const auto run = runToolSignalledAt({signal, c.call, {}, c.nth}, c.arguments(out.path()));
        BOOST_TEST(run.killedBy == signal, "exit " << run.exitCode);
        BOOST_TEST(run.err == "isla-tool: interrupted by " + signalName(signal) + "; nothing was written\n");
        BOOST_TEST(directoryEntries(out.path()).empty());
      }
    }
  }
}

BOOST_AUTO_TEST_CASE(an_interruption_after_one_output_of_two_names_the_one_written,
                     *boost::unit_test::precondition(straceOrCi)) {
  // synth --bundle --out publishes the bundle, then the blueprint.
  const TempDir out;
  const auto run = runToolSignalledAt(
      {SIGINT, "fchmod", {}, 2},
      {"synth", "--seed", "6", "--size", "256", "--bundle", (out / "island.zip").string(), "--out",
       (out / "island.dat").string()});
  BOOST_TEST(run.killedBy == SIGINT);
  BOOST_TEST(run.err == "isla-tool: interrupted by SIGINT after writing '" + (out / "island.zip").string() + "'\n");
  BOOST_TEST(directoryEntries(out.path()) == std::vector<std::string>{"island.zip"}, boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(a_command_that_writes_nothing_dies_by_the_signal_after_its_line,
                     *boost::unit_test::precondition(straceOrCi)) {
  const auto& in = inputs();
  const auto run = runToolSignalledAt({SIGTERM, "openat", in.a}, {"validate", in.a.string()});
  BOOST_TEST(run.killedBy == SIGTERM);
  BOOST_TEST(run.err == "isla-tool: interrupted by SIGTERM; nothing was written\n");
  BOOST_TEST(run.out == "");
}

BOOST_AUTO_TEST_SUITE_END()
