// SPDX-License-Identifier: MIT
// `isla-tool view --watch`: the world of a layout, a blueprint or a viewer
// bundle made again (world_cache.hpp, the package through a patch cache)
// whenever a file it is made from changes (file_watch.hpp): the input, and
// every source a layout names, followed anew after each compile, as the
// layout may name others. A compile runs on a thread of its own while the
// server serves the last good world; a change during a compile is compiled
// after it. Each world made is a new version; a change that does not
// compile keeps the last good one and says why. `changed` is told each
// step, on the io_context's thread.
#pragma once

#include <chrono>
#include <filesystem>
#include <functional>
#include <string>
#include <thread>

#include <boost/asio/io_context.hpp>

#include <isla/kernel.hpp>

#include "view/file_watch.hpp"
#include "view/world_cache.hpp"

namespace isla::view {

// A change is compiled once no event has come for this long.
inline constexpr std::chrono::milliseconds kWatchSettle{200};

struct WatchState {
  unsigned version = 0;  // of the world served, from 1
  std::filesystem::path world;  // its cache entry
  bool compiling = false;
  // The last change's compile errors (empty once a change compiles).
  std::string error;
};

struct WatchSettings {
  WorldInput kind = WorldInput::Layout;  // a layout or a blueprint (or bundle), never a package
  std::filesystem::path input;
  std::filesystem::path cacheRoot;  // of the compiled worlds
  std::filesystem::path patchCache;
  unsigned threads = 0;
  bool quiet = false;
};

class WorldWatch {
 public:
  // Compiles the first version on this thread (throwing as cachedWorld does)
  // and follows the files it was made from.
  WorldWatch(boost::asio::io_context& io, const Kernel& kernel, WatchSettings settings,
             std::function<void(const WatchState&)> changed);
  WorldWatch(const WorldWatch&) = delete;
  WorldWatch& operator=(const WorldWatch&) = delete;
  // Interrupts a compile under way and waits for it (stop()).
  ~WorldWatch();

  const WatchState& state() const { return state_; }
  // For once the io_context has stopped: a compile under way unwinds
  // (interruptWork), its stage removed, and is waited for.
  void stop();

 private:
  void follow();
  void compile();
  void compiled(const std::string& error);

  boost::asio::io_context& io_;
  const Kernel& kernel_;
  WatchSettings settings_;
  std::function<void(const WatchState&)> changed_;
  FileWatch files_;
  WatchState state_;
  std::thread compiler_;
  std::filesystem::path made_;  // by the compiler, read once it is joined
  bool again_ = false;  // a change came while compiling
  std::chrono::steady_clock::time_point started_;
};

}  // namespace isla::view
