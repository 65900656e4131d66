// SPDX-License-Identifier: MIT
// SIGINT, SIGTERM and SIGHUP end the process as the signal itself would (a
// calling shell sees 128 + signal, and its loop stops), after one line on
// stderr: "PROGRAM: interrupted by SIGINT; nothing was written", or "...
// after writing 'OUT'" once an output was published. With no work that must
// be cleaned up under way, the handler does so at once; while such work is
// (an InterruptDeferral lives) it only records the signal: writers and long
// loops call checkInterrupted(), which throws, the work unwinds away, and
// main calls endInterrupted(). SIGXFSZ is ignored, so a write past a
// file-size limit fails with EFBIG.
#pragma once

#include <filesystem>
#include <stdexcept>

#include "isla/base/api.hpp"

namespace isla {

class ISLA_API Interrupted : public std::runtime_error {
 public:
  explicit Interrupted(int signal);
  int signal() const { return signal_; }

 private:
  int signal_;
};

// Installs the handlers; call once, early, from a program's main. `program`
// (a string that lives as long as the process) begins the line.
void installInterruptHandlers(const char* program);
// Throws Interrupted when one of the signals has arrived.
void checkInterrupted();
// From now on checkInterrupted() throws Interrupted(signal) on every
// thread, and nothing ends the process: not this call, and not the last
// deferral released normally. A program that takes the signals itself
// (view's server) asks the work under way on its other threads to unwind,
// then ends as it ends.
void interruptWork(int signal);
// Prints the line and ends the process by `signal`; for main, once the work
// has unwound (never from a signal handler: it flushes stdio).
[[noreturn]] void endInterrupted(int signal);

// Defers the signals for its lifetime: publication holds one for each stage
// it has open. Create it before the work exists and let it outlive the
// work's removal or publication.
class ISLA_API InterruptDeferral {
 public:
  InterruptDeferral();
  InterruptDeferral(const InterruptDeferral&) = delete;
  InterruptDeferral& operator=(const InterruptDeferral&) = delete;
  // The last deferral released normally with a signal pending ends the
  // process by that signal: the work is done and nothing is left to clean.
  ~InterruptDeferral();

  // The work is now published as `target`. Unless another deferral was alive
  // when this one was made (a step of a larger output, as the view cache's
  // compiles are), the line of a later interruption names it.
  void published(const std::filesystem::path& target) const;

 private:
  int deferredBefore_;  // the deferrals alive when this one was made
};

}  // namespace isla
