// SPDX-License-Identifier: MIT
// The stages this process has open. A signal that arrives while none is open
// ends the process at once (interrupt.hpp); one that arrives during a write
// is left to the writer, which unwinds its stages away.
#pragma once

#include <filesystem>

#include "isla/base/api.hpp"

namespace isla {

// Counts one open stage for its lifetime. Create it before the stage exists
// and let it outlive the stage's removal or publication.
class ISLA_API StageGuard {
 public:
  StageGuard();
  StageGuard(const StageGuard&) = delete;
  StageGuard& operator=(const StageGuard&) = delete;
  // The last guard released normally with a signal pending ends the process
  // by that signal: the work is published and nothing is left to clean.
  ~StageGuard();

  // The stage is now `target`. Unless another stage was open when this one
  // was made (a step of a larger output, as the view cache's compiles are),
  // the line of a later interruption names it.
  void published(const std::filesystem::path& target) const;

 private:
  int openBefore_;  // the stages open when this one was made
};

}  // namespace isla
