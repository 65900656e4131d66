// SPDX-License-Identifier: MIT
#include "view/world_watch.hpp"

#include <csignal>
#include <iomanip>
#include <iostream>
#include <sstream>

#include <boost/asio/post.hpp>

#include <isla/base/interrupt.hpp>
#include <isla/world/layout.hpp>

#include "cli/compile_job.hpp"
#include "cli/report.hpp"

namespace isla::view {

namespace {

// What the page and the terminal say of a change that does not compile:
// the job's message, and its errors as the terminal printed them.
std::string failureText(const std::exception& error) {
  std::ostringstream text;
  text << error.what() << "\n";
  if (const auto* failed = dynamic_cast<const cli::JobFailed*>(&error)) {
    cli::printDiagnostics(failed->diagnostics(), text, Severity::Error);
  }
  return text.str();
}

}  // namespace

WorldWatch::WorldWatch(boost::asio::io_context& io, const Kernel& kernel, WatchSettings settings,
                       std::function<void(const WatchState&)> changed)
    : io_(io), kernel_(kernel), settings_(std::move(settings)), changed_(std::move(changed)),
      files_(io, kWatchSettle, [this] {
        if (compiler_.joinable()) {
          again_ = true;
        } else {
          compile();
        }
      }) {
  state_.world = cachedWorld(kernel_, settings_.kind, settings_.input, settings_.cacheRoot, settings_.threads,
                             settings_.quiet, settings_.patchCache)
                     .directory;
  state_.version = 1;
  follow();
}

WorldWatch::~WorldWatch() { stop(); }

void WorldWatch::stop() {
  if (!compiler_.joinable()) return;
  interruptWork(SIGINT);
  compiler_.join();
}

// The input, and every source the layout names as it is now (a layout that
// does not load: the layout alone, whose next change may mend it).
void WorldWatch::follow() {
  std::vector<std::filesystem::path> files{settings_.input};
  if (settings_.kind == WorldInput::Layout) {
    Diagnostics ignored;
    if (const auto layout = loadLayout(settings_.input, ignored)) {
      for (const auto& source : layout->sources) files.push_back(source.path);
    }
  }
  for (const std::string& problem : files_.follow(files)) {
    std::cerr << "isla-tool view: warning: " << problem << "; its files' changes are not seen\n";
  }
}

void WorldWatch::compile() {
  state_.compiling = true;
  started_ = std::chrono::steady_clock::now();
  if (!settings_.quiet) std::cerr << "isla-tool view: a watched file changed: compiling again\n";
  changed_(state_);
  compiler_ = std::thread([this] {
    std::string error;
    try {
      made_ = cachedWorld(kernel_, settings_.kind, settings_.input, settings_.cacheRoot, settings_.threads,
                          settings_.quiet, settings_.patchCache)
                  .directory;
    } catch (const Interrupted&) {
      return;  // stop(): the io_context is no longer run
    } catch (const std::exception& failure) {
      error = failureText(failure);
    }
    boost::asio::post(io_, [this, error] { compiled(error); });
  });
}

void WorldWatch::compiled(const std::string& error) {
  compiler_.join();
  state_.compiling = false;
  state_.error = error;
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started_).count();
  if (!error.empty()) {
    std::cerr << "isla-tool view: the change does not compile; the page keeps version " << state_.version
              << " and shows why\n";
  } else if (made_ != state_.world) {
    state_.world = made_;
    ++state_.version;
    if (!settings_.quiet) {
      std::cerr << "isla-tool view: version " << state_.version << " served, compiled in " << std::fixed
                << std::setprecision(2) << seconds << " s\n" << std::defaultfloat;
    }
  } else if (!settings_.quiet) {
    std::cerr << "isla-tool view: the world is the same as version " << state_.version << "\n";
  }
  follow();
  changed_(state_);
  if (std::exchange(again_, false)) compile();
}

}  // namespace isla::view
