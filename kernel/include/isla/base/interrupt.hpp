// SPDX-License-Identifier: MIT
// SIGINT, SIGTERM and SIGHUP end a write cleanly: while work that must be
// cleaned up is under way (an InterruptDeferral lives), the handler only
// records the signal; writers and long loops call checkInterrupted(), which
// throws, and the work unwinds away before the process ends. With no such
// work, a signal ends the process at once, as it would without handlers.
// SIGXFSZ is ignored, so a write past a file-size limit fails with EFBIG.
#pragma once

#include <stdexcept>

#include "isla/base/api.hpp"

namespace isla {

class ISLA_API Interrupted : public std::runtime_error {
 public:
  explicit Interrupted(int signal);
  int signal() const { return signal_; }
  int exitCode() const { return 128 + signal_; }

 private:
  int signal_;
};

// Installs the handlers; call once, early, from a program's main.
void installInterruptHandlers();
// Throws Interrupted when one of the signals has arrived.
void checkInterrupted();

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
};

}  // namespace isla
