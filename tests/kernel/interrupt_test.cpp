// SPDX-License-Identifier: MIT
// The interrupt handling, each case in a child process of its own: a signal
// ends the process by that signal after one line, at once while no stage is
// open, through the unwinding stages while one is; the line names the last
// output published outside any other stage; and SIGXFSZ no longer kills a
// write past the file-size limit.
#include <boost/test/unit_test.hpp>

#include <fcntl.h>
#include <signal.h>
#include <sys/resource.h>
#include <unistd.h>

#include <cerrno>
#include <functional>
#include <string>

#include <isla/base/interrupt.hpp>

#include "tool_runner.hpp"

using namespace isla;
using namespace isla::test;

namespace {

constexpr std::pair<int, const char*> kSignals[] = {{SIGINT, "SIGINT"}, {SIGTERM, "SIGTERM"}, {SIGHUP, "SIGHUP"}};

// `work` as main runs a command: an interruption unwinds it, then ends the process.
int asMain(const std::function<void()>& work) {
  installInterruptHandlers("test");
  try {
    work();
  } catch (const Interrupted& error) {
    endInterrupted(error.signal());
  }
  return 0;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(interrupt)

BOOST_AUTO_TEST_CASE(with_no_stage_open_a_signal_ends_the_process_at_once_after_its_line) {
  for (const auto& [signal, name] : kSignals) {
    const auto run = runInChild([signal] {
      installInterruptHandlers("test");
      ::raise(signal);
      return 0;
    });
    BOOST_TEST(run.killedBy == signal, name);
    BOOST_TEST(run.err == "test: interrupted by " + std::string(name) + "; nothing was written\n", name);
  }
}

BOOST_AUTO_TEST_CASE(with_a_stage_open_a_signal_is_recorded_and_thrown) {
  for (const auto& [signal, name] : kSignals) {
    const auto run = runInChild([signal, name] {
      installInterruptHandlers("test");
      try {
        const InterruptDeferral stage;
        ::raise(signal);
        checkInterrupted();
      } catch (const Interrupted& error) {
        return error.signal() == signal && error.what() == "interrupted by " + std::string(name) ? 0 : 1;
      }
      return 2;
    });
    BOOST_TEST(run.exitCode == 0, name);
    BOOST_TEST(run.err == "", name);
  }
}

// A program that takes the signals itself (view's server) asks another
// thread's work to unwind: nothing ends the process, nothing is printed.
BOOST_AUTO_TEST_CASE(interrupt_work_unwinds_the_work_without_ending_the_process) {
  const auto run = runInChild([] {
    installInterruptHandlers("test");
    {
      // Work that ends normally all the same: its stage's release ends nothing.
      const InterruptDeferral published;
      interruptWork(SIGINT);
    }
    try {
      const InterruptDeferral stage;
      checkInterrupted();
    } catch (const Interrupted& error) {
      return error.signal() == SIGINT ? 0 : 1;
    }
    return 2;
  });
  BOOST_TEST(run.exitCode == 0);
  BOOST_TEST(run.err == "");
}

BOOST_AUTO_TEST_CASE(a_stage_unwound_by_the_interruption_lets_main_end_the_process) {
  const auto run = runInChild([] {
    return asMain([] {
      const InterruptDeferral stage;
      ::raise(SIGTERM);
      checkInterrupted();
    });
  });
  BOOST_TEST(run.killedBy == SIGTERM);
  BOOST_TEST(run.err == "test: interrupted by SIGTERM; nothing was written\n");
}

BOOST_AUTO_TEST_CASE(the_last_stage_published_with_a_signal_pending_ends_the_process_naming_it) {
  TempDir dir;
  const auto alive = dir / "alive";
  const auto run = runInChild([&alive] {
    installInterruptHandlers("test");
    {
      const InterruptDeferral outer;
      {
        const InterruptDeferral inner;
        ::raise(SIGTERM);
        inner.published("world/tiles");
      }
      // Another stage is still open: the process lives on.
      writeFile(alive, {});
      outer.published("world");
    }
    return 0;
  });
  BOOST_TEST(std::filesystem::exists(alive));
  BOOST_TEST(run.killedBy == SIGTERM);
  BOOST_TEST(run.err == "test: interrupted by SIGTERM after writing 'world'\n");
}

BOOST_AUTO_TEST_CASE(a_signal_after_a_publication_names_it) {
  const auto run = runInChild([] {
    installInterruptHandlers("test");
    {
      const InterruptDeferral first;
      first.published("first.dat");
    }
    {
      const InterruptDeferral second;
      second.published("second\x1b[2J.dat");
    }
    ::raise(SIGHUP);
    return 0;
  });
  BOOST_TEST(run.killedBy == SIGHUP);
  BOOST_TEST(run.err == "test: interrupted by SIGHUP after writing 'second\\x1b[2J.dat'\n");
}

BOOST_AUTO_TEST_CASE(a_publication_inside_another_stage_is_not_named) {
  const auto run = runInChild([] {
    return asMain([] {
      const InterruptDeferral entry;
      {
        const InterruptDeferral step;
        step.published("entry-stage/package");
      }
      ::raise(SIGINT);
      checkInterrupted();
    });
  });
  BOOST_TEST(run.killedBy == SIGINT);
  BOOST_TEST(run.err == "test: interrupted by SIGINT; nothing was written\n");
}

BOOST_AUTO_TEST_CASE(a_signal_the_parent_ignores_stays_ignored) {
  const auto run = runInChild([] {
    ::signal(SIGHUP, SIG_IGN);
    installInterruptHandlers("test");
    ::raise(SIGHUP);
    return 0;
  });
  BOOST_TEST(run.exitCode == 0);
  BOOST_TEST(run.err == "");
}

BOOST_AUTO_TEST_CASE(a_write_past_the_file_size_limit_fails_with_efbig) {
  TempDir dir;
  const auto path = dir / "limited";
  const auto run = runInChild([&path] {
    installInterruptHandlers("test");
    const rlimit limit{1, 1};
    ::setrlimit(RLIMIT_FSIZE, &limit);
    const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT, 0600);
    return ::write(fd, "ab", 2) == 1 && ::write(fd, "b", 1) == -1 && errno == EFBIG ? 0 : 1;
  });
  BOOST_TEST(run.exitCode == 0);
}

BOOST_AUTO_TEST_SUITE_END()
