// SPDX-License-Identifier: MIT
// SIGINT, SIGTERM and SIGHUP end a write cleanly: the handler only records
// the signal; writers and long loops call checkInterrupted(), which throws,
// and the stages unwind away before the process exits with 128 + signal.
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

}  // namespace isla
