// SPDX-License-Identifier: MIT
#include "cli/progress_display.hpp"

#include <unistd.h>

#include <algorithm>
#include <iostream>
#include <string>

namespace isla::cli {

namespace {

constexpr int kSteps = 40;     // GDAL's: a tick every 2.5 %, a number every 10 %
constexpr int kBarWidth = 40;

class BarProgress final : public Progress {
 public:
  ~BarProgress() override {
    if (drawn_ >= 0) std::cerr << '\n';
  }
  void update(double fraction) override {
    const int percent = static_cast<int>(std::clamp(fraction, 0.0, 1.0) * 100);
    if (percent == drawn_) return;
    drawn_ = percent;
    const int filled = percent * kBarWidth / 100;
    std::cerr << "\r[" << std::string(static_cast<std::size_t>(filled), '#')
              << std::string(static_cast<std::size_t>(kBarWidth - filled), ' ') << "] " << percent << "%"
              << std::flush;
  }

 private:
  int drawn_ = -1;
};

}  // namespace

TickProgress::~TickProgress() {
  if (printed_ >= 0 && printed_ < kSteps) out_ << '\n';
}

void TickProgress::update(double fraction) {
  const int step = static_cast<int>(std::clamp(fraction, 0.0, 1.0) * kSteps);
  while (printed_ < step) {
    ++printed_;
    if (printed_ % 4 == 0) {
      out_ << printed_ / 4 * 10;
    } else {
      out_ << '.';
    }
    if (printed_ == kSteps) out_ << " - done.\n";
  }
  out_ << std::flush;
}

std::unique_ptr<Progress> makeProgressDisplay(bool quiet) {
  if (quiet) return std::make_unique<NoProgress>();
  if (::isatty(STDERR_FILENO)) return std::make_unique<BarProgress>();
  return std::make_unique<TickProgress>(std::cerr);
}

}  // namespace isla::cli
