// SPDX-License-Identifier: MIT
#include "view/file_watch.hpp"

#include <sys/inotify.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>

namespace isla::view {

namespace {

namespace fs = std::filesystem;

// Closed after writing, renamed here, removed or renamed away; not created
// (a file just created is still being written), not modified (nor is one
// being modified).
constexpr std::uint32_t kEvents = IN_CLOSE_WRITE | IN_MOVED_TO | IN_DELETE | IN_MOVED_FROM | IN_ONLYDIR;

int openInotify() {
  const int descriptor = ::inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
  if (descriptor < 0) {
    throw std::runtime_error(std::string("cannot watch files (inotify): ") + std::strerror(errno) +
                             "; raise fs.inotify.max_user_instances or leave out --watch");
  }
  return descriptor;
}

}  // namespace

FileWatch::FileWatch(boost::asio::io_context& io, std::chrono::milliseconds settle, std::function<void()> changed)
    : inotify_(io, openInotify()), settleTimer_(io), settle_(settle), changed_(std::move(changed)) {
  awaitEvents();
}

FileWatch::~FileWatch() = default;

std::vector<std::string> FileWatch::follow(const std::vector<fs::path>& files) {
  std::map<fs::path, std::set<std::string>> wanted;
  for (const fs::path& file : files) {
    const fs::path absolute = fs::absolute(file).lexically_normal();
    wanted[absolute.parent_path()].insert(absolute.filename().string());
  }
  // The directories no longer wanted go; those still wanted keep their
  // watch, so that no event between two calls is lost.
  for (auto watch = watches_.begin(); watch != watches_.end();) {
    const auto still = wanted.find(watch->second.path);
    if (still == wanted.end()) {
      ::inotify_rm_watch(inotify_.native_handle(), watch->first);
      watch = watches_.erase(watch);
      continue;
    }
    watch->second.names = std::move(still->second);
    wanted.erase(still);
    ++watch;
  }
  std::vector<std::string> problems;
  for (auto& [directory, names] : wanted) {
    const int watch = ::inotify_add_watch(inotify_.native_handle(), directory.c_str(), kEvents);
    if (watch < 0) {
      const std::string why = errno == ENOSPC ? "the limit of inotify watches is reached (fs.inotify.max_user_watches)"
                                              : std::strerror(errno);
      problems.push_back("cannot watch " + directory.string() + ": " + why);
      continue;
    }
    watches_[watch] = Directory{directory, std::move(names)};
  }
  return problems;
}

void FileWatch::awaitEvents() {
  inotify_.async_wait(boost::asio::posix::descriptor_base::wait_read, [this](const boost::system::error_code& error) {
    if (error) return;  // the io_context is stopping
    readEvents();
    awaitEvents();
  });
}

void FileWatch::readEvents() {
  alignas(inotify_event) char buffer[64 * 1024];
  bool relevant = false;
  for (;;) {
    const ssize_t length = ::read(inotify_.native_handle(), buffer, sizeof buffer);
    if (length < 0 && errno == EINTR) continue;
    if (length <= 0) break;  // EAGAIN: all read
    for (ssize_t at = 0; at < length;) {
      const auto* event = reinterpret_cast<const inotify_event*>(buffer + at);
      at += static_cast<ssize_t>(sizeof(inotify_event) + event->len);
      // Events were lost: any of the files may have changed.
      if (event->mask & IN_Q_OVERFLOW) {
        relevant = true;
        continue;
      }
      const auto watch = watches_.find(event->wd);
      if (watch != watches_.end() && event->len > 0 && watch->second.names.contains(event->name)) relevant = true;
    }
  }
  if (!relevant) return;
  settleTimer_.expires_after(settle_);
  settleTimer_.async_wait([this](const boost::system::error_code& error) {
    if (!error) changed_();  // else a later event restarted the wait
  });
}

}  // namespace isla::view
