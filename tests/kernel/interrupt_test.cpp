// SPDX-License-Identifier: MIT
// The interrupt handling, each case in a child process of its own: a signal
// kills a process that defers nothing, is recorded while a deferral lives,
// and SIGXFSZ no longer kills a write past the file-size limit.
#include <boost/test/unit_test.hpp>

#include <fcntl.h>
#include <signal.h>
#include <sys/resource.h>
#include <unistd.h>

#include <cerrno>
#include <string>

#include <isla/base/interrupt.hpp>

#include "tool_runner.hpp"

using namespace isla;
using namespace isla::test;

BOOST_AUTO_TEST_SUITE(interrupt)

BOOST_AUTO_TEST_CASE(with_no_stage_open_a_signal_kills_as_before) {
  for (const int signal : {SIGINT, SIGTERM, SIGHUP}) {
    const int result = runInChild([signal] {
      installInterruptHandlers();
      ::raise(signal);
      return 0;
    });
    BOOST_TEST(result == 128 + signal);
  }
}

BOOST_AUTO_TEST_CASE(with_a_stage_open_a_signal_is_recorded_and_thrown) {
  for (const auto& [signal, name] :
       {std::pair{SIGINT, "SIGINT"}, std::pair{SIGTERM, "SIGTERM"}, std::pair{SIGHUP, "SIGHUP"}}) {
    const int result = runInChild([signal, name] {
      installInterruptHandlers();
      try {
        const InterruptDeferral stage;
        ::raise(signal);
        checkInterrupted();
      } catch (const Interrupted& error) {
        const bool right = error.signal() == signal && error.exitCode() == 128 + signal &&
                           error.what() == "interrupted by " + std::string(name);
        return right ? 0 : 1;
      }
      return 2;
    });
    BOOST_TEST(result == 0, name);
  }
}

BOOST_AUTO_TEST_CASE(the_last_stage_published_with_a_signal_pending_ends_the_process) {
  TempDir dir;
  const auto alive = dir / "alive";
  const int result = runInChild([&alive] {
    installInterruptHandlers();
    {
      const InterruptDeferral outer;
      {
        const InterruptDeferral inner;
        ::raise(SIGTERM);
      }
      // Another stage is still open: the process lives on.
      writeFile(alive, {});
    }
    return 0;
  });
  BOOST_TEST(std::filesystem::exists(alive));
  BOOST_TEST(result == 128 + SIGTERM);
}

BOOST_AUTO_TEST_CASE(a_stage_unwound_by_the_interruption_lets_main_report_it) {
  const int result = runInChild([] {
    installInterruptHandlers();
    try {
      const InterruptDeferral stage;
      ::raise(SIGTERM);
      checkInterrupted();
    } catch (const Interrupted&) {
      return 7;
    }
    return 0;
  });
  BOOST_TEST(result == 7);
}

BOOST_AUTO_TEST_CASE(a_signal_the_parent_ignores_stays_ignored) {
  const int result = runInChild([] {
    ::signal(SIGHUP, SIG_IGN);
    installInterruptHandlers();
    ::raise(SIGHUP);
    return 0;
  });
  BOOST_TEST(result == 0);
}

BOOST_AUTO_TEST_CASE(a_write_past_the_file_size_limit_fails_with_efbig) {
  TempDir dir;
  const auto path = dir / "limited";
  const int result = runInChild([&path] {
    installInterruptHandlers();
    const rlimit limit{1, 1};
    ::setrlimit(RLIMIT_FSIZE, &limit);
    const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT, 0600);
    return ::write(fd, "ab", 2) == 1 && ::write(fd, "b", 1) == -1 && errno == EFBIG ? 0 : 1;
  });
  BOOST_TEST(result == 0);
}

BOOST_AUTO_TEST_SUITE_END()
