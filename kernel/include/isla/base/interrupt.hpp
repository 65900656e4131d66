// SPDX-License-Identifier: MIT
// SIGINT, SIGTERM and SIGHUP end the process as the signal itself would (a
// calling shell sees 128 + signal, and its loop stops), after one line on
// stderr: "PROGRAM: interrupted by SIGINT; nothing was written", or "...
// after writing 'OUT'" once an output was published (open_stages.hpp). With
// no stage open the handler does so at once; with one open it only records
// the signal: writers and long loops call checkInterrupted(), which throws,
// the stages unwind away, and main calls endInterrupted(). SIGXFSZ is
// ignored, so a write past a file-size limit fails with EFBIG.
#pragma once

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
// Prints the line and ends the process by `signal`; for main, once the
// stages have unwound (never from a signal handler: it flushes stdio).
[[noreturn]] void endInterrupted(int signal);

}  // namespace isla
