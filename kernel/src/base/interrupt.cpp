// SPDX-License-Identifier: MIT
#include "isla/base/interrupt.hpp"

#include <signal.h>

#include <atomic>
#include <exception>
#include <string>


namespace isla {

namespace {

// Both are read by the signal handler, so both must be lock-free.
std::atomic<int> pendingSignal{0};
std::atomic<int> deferrals{0};
static_assert(std::atomic<int>::is_always_lock_free);

constexpr int kHandled[] = {SIGINT, SIGTERM, SIGHUP};

std::string signalName(int signal) {
  switch (signal) {
    case SIGINT: return "SIGINT";
    case SIGTERM: return "SIGTERM";
    case SIGHUP: return "SIGHUP";
    default: return "signal " + std::to_string(signal);
  }
}

void dieBy(int signal) {
  struct sigaction action {};
  action.sa_handler = SIG_DFL;
  sigemptyset(&action.sa_mask);
  ::sigaction(signal, &action, nullptr);
  ::raise(signal);
}

extern "C" void recordSignal(int signal) {
  pendingSignal.store(signal);
  // No work defers it: end as if there were no handler. The signal
  // is blocked in the handler, so it is delivered, fatally, on return.
  if (deferrals.load() == 0) dieBy(signal);
}

}  // namespace

Interrupted::Interrupted(int signal)
    : std::runtime_error("interrupted by " + signalName(signal)), signal_(signal) {}

void installInterruptHandlers() {
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

InterruptDeferral::InterruptDeferral() { ++deferrals; }

InterruptDeferral::~InterruptDeferral() {
  const int signal = pendingSignal.load();
  if (--deferrals == 0 && signal != 0 && std::uncaught_exceptions() == 0) dieBy(signal);
}

}  // namespace isla
