// SPDX-License-Identifier: MIT
// The files `view --watch` follows, through inotify on the server's
// io_context. Each file's directory is watched for that name being closed
// after writing, renamed or moved there, removed or moved away: a file that
// another program writes is seen once it is complete (closed, or renamed
// into place), never while it is being written. `changed` is called once no
// such event has come for `settle`, so that a save of several files, or of
// one file in several steps, is one change.
#pragma once

#include <chrono>
#include <filesystem>
#include <functional>
#include <map>
#include <set>
#include <string>
#include <vector>

#include <boost/asio/io_context.hpp>
#include <boost/asio/posix/stream_descriptor.hpp>
#include <boost/asio/steady_timer.hpp>

namespace isla::view {

class FileWatch {
 public:
  // Throws std::runtime_error when inotify cannot be used (its limit of
  // instances reached).
  FileWatch(boost::asio::io_context& io, std::chrono::milliseconds settle, std::function<void()> changed);
  FileWatch(const FileWatch&) = delete;
  FileWatch& operator=(const FileWatch&) = delete;
  ~FileWatch();

  // Follows `files` from now on instead of those before. Returns a line for
  // each directory that cannot be watched (missing, unreadable, the limit of
  // watches reached), saying why; its files are not followed.
  std::vector<std::string> follow(const std::vector<std::filesystem::path>& files);

 private:
  void awaitEvents();
  void readEvents();

  boost::asio::posix::stream_descriptor inotify_;
  boost::asio::steady_timer settleTimer_;
  std::chrono::milliseconds settle_;
  std::function<void()> changed_;
  struct Directory {
    std::filesystem::path path;
    std::set<std::string> names;
  };
  std::map<int, Directory> watches_;  // by watch descriptor
};

}  // namespace isla::view
