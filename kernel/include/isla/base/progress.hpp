// SPDX-License-Identifier: MIT
// How long work tells how far it has got; the command line draws a bar or
// GDAL-style ticks, Python hands it to a callback, tests ignore it.
#pragma once

#include <stdexcept>

#include "isla/base/api.hpp"

namespace isla {

class ISLA_API Progress {
 public:
  virtual ~Progress();
  // `fraction` of the whole job is done, 0..1, never decreasing. Called from
  // the thread that runs the job. May throw ProgressStopped to end the job.
  virtual void update(double fraction) = 0;
};

// Thrown by a Progress whose caller wants the job ended (a Python callback
// raised): it passes through every plugin wrapper unchanged, and the
// Progress's owner knows why.
class ISLA_API ProgressStopped : public std::runtime_error {
 public:
  ProgressStopped() : std::runtime_error("the progress callback ended the job") {}
};

class ISLA_API NoProgress final : public Progress {
 public:
  void update(double) override {}
};

// The share [begin, end) of a parent's range that one step of a job takes.
class ISLA_API ProgressRange final : public Progress {
 public:
  ProgressRange(Progress& parent, double begin, double end)
      : parent_(parent), begin_(begin), end_(end) {}
  void update(double fraction) override { parent_.update(begin_ + (end_ - begin_) * fraction); }

 private:
  Progress& parent_;
  double begin_;
  double end_;
};

}  // namespace isla
