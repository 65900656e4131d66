// SPDX-License-Identifier: MIT
#include "isla/base/interrupt.hpp"

#include <signal.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <exception>
#include <list>
#include <string>

#include "isla/base/printable_text.hpp"

namespace isla {

namespace {

// All are read by the signal handler, so all must be lock-free.
std::atomic<int> pendingSignal{0};
std::atomic<int> deferrals{0};
// Set by interruptWork: the pending signal unwinds work and ends nothing.
std::atomic<bool> unwindOnly{false};
std::atomic<const char*> program{"isla"};
// The last output published outside any other stage, as printable text; the
// texts are never freed, so the handler may read one while another is noted.
std::atomic<const char*> lastPublished{nullptr};
static_assert(std::atomic<int>::is_always_lock_free && std::atomic<const char*>::is_always_lock_free);

constexpr int kHandled[] = {SIGINT, SIGTERM, SIGHUP};

const char* signalName(int signal) {
  switch (signal) {
    case SIGINT: return "SIGINT";
    case SIGTERM: return "SIGTERM";
    case SIGHUP: return "SIGHUP";
    default: return "a signal";
  }
}

// The interruption's line and the end by the signal, with async-signal-safe
// calls only: the handler calls it too.
[[noreturn]] void announceAndEnd(int signal) {
  char line[8192];
  std::size_t length = 0;
  const auto append = [&](const char* text) {
    for (; *text && length < sizeof line - 1; ++text) line[length++] = *text;
  };
  append(program.load());
  append(": interrupted by ");
  append(signalName(signal));
  if (const char* published = lastPublished.load()) {
    append(" after writing '");
    append(published);
    append("'");
  } else {
    append("; nothing was written");
  }
  line[length++] = '\n';
  for (std::size_t done = 0; done < length;) {
    const ssize_t written = ::write(STDERR_FILENO, line + done, length - done);
    if (written < 0 && errno == EINTR) continue;
    if (written <= 0) break;
    done += static_cast<std::size_t>(written);
  }
  struct sigaction action {};
  action.sa_handler = SIG_DFL;
  sigemptyset(&action.sa_mask);
  ::sigaction(signal, &action, nullptr);
  // Inside the handler the signal is blocked: unblock it, so that it ends
  // the process here.
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, signal);
  ::pthread_sigmask(SIG_UNBLOCK, &set, nullptr);
  ::raise(signal);
  ::_exit(128 + signal);  // not reached: the default action of each handled signal ends the process
}

extern "C" void recordSignal(int signal) {
  pendingSignal.store(signal);
  // No work defers it: end at once.
  if (deferrals.load() == 0) announceAndEnd(signal);
}

}  // namespace

Interrupted::Interrupted(int signal) : std::runtime_error(std::string("interrupted by ") + signalName(signal)), signal_(signal) {}

void installInterruptHandlers(const char* name) {
  program.store(name);
  for (const int signal : kHandled) {
    struct sigaction previous {};
    ::sigaction(signal, nullptr, &previous);
    // A signal the parent ignores (nohup, a background job) stays ignored.
    if (previous.sa_handler == SIG_IGN) continue;
    struct sigaction action {};
    action.sa_handler = recordSignal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = 0;  // no SA_RESTART: a blocked call returns EINTR
    ::sigaction(signal, &action, nullptr);
  }
  // A write past the file-size limit then fails with EFBIG instead of killing.
  ::signal(SIGXFSZ, SIG_IGN);
}

void checkInterrupted() {
  if (const int signal = pendingSignal.load()) throw Interrupted(signal);
}

void interruptWork(int signal) {
  unwindOnly.store(true);
  pendingSignal.store(signal);
}

void endInterrupted(int signal) {
  std::fflush(nullptr);
  announceAndEnd(signal);
}

InterruptDeferral::InterruptDeferral() : deferredBefore_(deferrals++) {}

InterruptDeferral::~InterruptDeferral() {
  const int signal = pendingSignal.load();
  if (--deferrals == 0 && signal != 0 && !unwindOnly.load() && std::uncaught_exceptions() == 0) {
    endInterrupted(signal);
  }
}

void InterruptDeferral::published(const std::filesystem::path& target) const {
  if (deferredBefore_ != 0) return;
  // Never destroyed, so that no text the handler may read is ever freed.
  static auto& texts = *new std::list<std::string>;
  texts.push_back(printableText(target.string()));
  lastPublished.store(texts.back().c_str());
}

}  // namespace isla
