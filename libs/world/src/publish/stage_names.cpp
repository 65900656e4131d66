// SPDX-License-Identifier: MIT
#include "isla/publish/stage_names.hpp"

#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <fstream>
#include <optional>
#include <utility>

#include "isla/base/io_error.hpp"

namespace isla {

namespace {

constexpr std::string_view kStageMark = ".isla-stage-";
constexpr std::string_view kReservationSuffix = ".reserved";
// Stages another process's sweeps may take from under a new writer, at most.
constexpr int kStageAttempts = 16;

std::string stagePrefix(const std::filesystem::path& target) {
  return "." + target.filename().string() + std::string(kStageMark);
}

// The pid in "<pid>-XXXXXX" (or a reservation's "<pid>-XXXXXX.reserved"),
// or 0 when `rest` is not of that form.
pid_t stagePid(std::string_view rest) {
  if (rest.ends_with(kReservationSuffix)) rest.remove_suffix(kReservationSuffix.size());
  const auto dash = rest.find('-');
  if (dash == std::string_view::npos || rest.size() - dash - 1 != 6) return 0;
  pid_t pid = 0;
  const auto [end, error] = std::from_chars(rest.data(), rest.data() + dash, pid);
  return error == std::errc() && end == rest.data() + dash && pid > 0 ? pid : 0;
}

bool processIsGone(pid_t pid) { return ::kill(pid, 0) == -1 && errno == ESRCH; }

// What a name beside a target says, when it is a stage or a reservation
// record: the target it is for, and the pid of its writer.
struct StageName {
  std::filesystem::path target;
  pid_t pid = 0;
  bool record = false;
};

std::optional<StageName> stageName(const std::filesystem::path& entry) {
  const std::string name = entry.filename().string();
  const auto mark = name.rfind(kStageMark);
  if (!name.starts_with('.') || mark == std::string::npos || mark < 2) return std::nullopt;
  const pid_t pid = stagePid(std::string_view(name).substr(mark + kStageMark.size()));
  if (pid == 0) return std::nullopt;
  return StageName{entry.parent_path() / name.substr(1, mark - 1), pid, name.ends_with(kReservationSuffix)};
}

// Whether some process holds the stage's lock: a locked stage's writer
// lives. None when it cannot be told (a filesystem without locks). While
// `held` lives, this process holds the lock of a stage that was free.
std::optional<bool> lockedByWriter(const std::filesystem::path& stage, StageLock& held) {
  const int fd = ::open(stage.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) {
    if (errno == ELOOP) return false;  // a symbolic link: no writer makes one, none locks it
    return std::nullopt;
  }
  if (::flock(fd, LOCK_EX | LOCK_NB) == 0) {
    held = StageLock(fd);
    return false;
  }
  const int error = errno;
  ::close(fd);
  if (error == EWOULDBLOCK) return true;
  return std::nullopt;
}

// The directory a dead run reserved is removed when it is still the one it
// made (the same device and inode) and still empty; a directory the user
// made there since is never touched.
void removeReservedTarget(const std::filesystem::path& record, const std::filesystem::path& target) {
  std::ifstream in(record);
  unsigned long long device = 0, inode = 0;
  struct stat info {};
  if (!(in >> device >> inode) || ::lstat(target.c_str(), &info) != 0 || !S_ISDIR(info.st_mode)) return;
  if (static_cast<unsigned long long>(info.st_dev) == device && static_cast<unsigned long long>(info.st_ino) == inode) {
    ::rmdir(target.c_str());
  }
}

void removeEntry(const std::filesystem::path& entry, std::vector<std::filesystem::path>& removed) {
  // remove_all removes a symlink itself, never what it points at.
  std::error_code error;
  if (std::filesystem::remove_all(entry, error) > 0 && !error) removed.push_back(entry);
}

// The record of a reservation `stage` made, with the empty target it names.
void removeReservation(const std::filesystem::path& record, const std::filesystem::path& target,
                       std::vector<std::filesystem::path>& removed) {
  removeReservedTarget(record, target);
  removeEntry(record, removed);
}

// Locks `stage`, just made: none when a sweep holds it, or took it already.
std::optional<StageLock> lockNewStage(const std::filesystem::path& stage) {
  const int fd = ::open(stage.c_str(), O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
  if (fd < 0) return std::nullopt;
  StageLock lock(fd);
  if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
    if (errno == EWOULDBLOCK) return std::nullopt;
    return lock;  // no locks here: the stage goes by its pid alone
  }
  // A sweep may have held it and removed it before the lock was ours.
  struct stat opened {}, named {};
  if (::fstat(fd, &opened) != 0 || ::lstat(stage.c_str(), &named) != 0 || opened.st_dev != named.st_dev ||
      opened.st_ino != named.st_ino) {
    return std::nullopt;
  }
  return lock;
}

}  // namespace

StageLock::StageLock(StageLock&& other) noexcept : fd_(std::exchange(other.fd_, -1)) {}

StageLock& StageLock::operator=(StageLock&& other) noexcept {
  if (this != &other) {
    if (fd_ >= 0) ::close(fd_);
    fd_ = std::exchange(other.fd_, -1);
  }
  return *this;
}

StageLock::~StageLock() {
  if (fd_ >= 0) ::close(fd_);  // the lock goes with the descriptor
}

std::filesystem::path targetDirectory(const std::filesystem::path& target) {
  auto parent = target.parent_path();
  return parent.empty() ? std::filesystem::path(".") : parent;
}

std::string stageTemplate(const std::filesystem::path& target) {
  return (targetDirectory(target) / (stagePrefix(target) + std::to_string(::getpid()) + "-XXXXXX")).string();
}

NewStage makeStage(const std::filesystem::path& target, StageKind kind) {
  for (int attempt = 0; attempt < kStageAttempts; ++attempt) {
    NewStage stage;
    std::string pattern = stageTemplate(target);
    if (kind == StageKind::Directory) {
      if (!::mkdtemp(pattern.data())) throwSystemError(target, "create a staging directory for", errno);
    } else {
      stage.fd = ::mkostemp(pattern.data(), O_CLOEXEC);
      if (stage.fd < 0) throwSystemError(target, "create a staging file for", errno);
    }
    stage.path = pattern;
    if (auto lock = lockNewStage(stage.path)) {
      stage.lock = std::move(*lock);
      return stage;
    }
    if (stage.fd >= 0) ::close(stage.fd);  // the sweep that took it removes it
  }
  throw IoError(target, "cannot keep a stage of '" + target.string() + "': another process removed each one made");
}

std::filesystem::path reservationRecord(const std::filesystem::path& stage) {
  return stage.string() + std::string(kReservationSuffix);
}

void recordReservation(const std::filesystem::path& stage, const std::filesystem::path& target) {
  struct stat info {};
  if (::lstat(target.c_str(), &info) != 0) throwSystemError(target, "record the reservation of", errno);
  std::ofstream out(reservationRecord(stage), std::ios::trunc);
  out << static_cast<unsigned long long>(info.st_dev) << ' ' << static_cast<unsigned long long>(info.st_ino) << '\n';
  out.close();
  if (!out) throwSystemError(target, "record the reservation of", errno ? errno : EIO);
}

std::vector<std::filesystem::path> removeAbandonedStages(const std::filesystem::path& target) {
  const std::filesystem::path own = targetDirectory(target) / target.filename();
  std::vector<std::filesystem::path> removed;
  std::error_code error;
  for (const auto& entry : std::filesystem::directory_iterator(targetDirectory(target), error)) {
    const auto name = stageName(entry.path());
    if (!name || !processIsGone(name->pid)) continue;
    if (name->record) {
      // A record whose stage is still there goes with it, below.
      const std::string path = entry.path().string();
      const std::filesystem::path stage = path.substr(0, path.size() - kReservationSuffix.size());
      if (!std::filesystem::exists(std::filesystem::symlink_status(stage))) {
        removeReservation(entry.path(), name->target, removed);
      }
      continue;
    }
    StageLock held;
    const std::optional<bool> locked = lockedByWriter(entry.path(), held);
    if (locked.value_or(name->target != own)) continue;
    const std::filesystem::path record = reservationRecord(entry.path());
    if (std::filesystem::exists(std::filesystem::symlink_status(record))) {
      removeReservation(record, name->target, removed);
    }
    removeEntry(entry.path(), removed);
  }
  std::sort(removed.begin(), removed.end());
  return removed;
}

}  // namespace isla
