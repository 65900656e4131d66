// SPDX-License-Identifier: MIT
// Progress on stderr: a bar when it is a terminal, GDAL-style ticks
// ("0...10...20...100 - done.") when it is not, nothing when quiet.
#pragma once

#include <memory>
#include <ostream>

#include <isla/base/progress.hpp>

namespace isla::cli {

std::unique_ptr<Progress> makeProgressDisplay(bool quiet);

// The ticks, on any stream, for tests and pipes.
class TickProgress final : public Progress {
 public:
  explicit TickProgress(std::ostream& out) : out_(out) {}
  ~TickProgress() override;
  void update(double fraction) override;

 private:
  std::ostream& out_;
  int printed_ = -1;  // the last 2.5 % step written
};

}  // namespace isla::cli
