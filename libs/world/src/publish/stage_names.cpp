// SPDX-License-Identifier: MIT
#include "isla/publish/stage_names.hpp"

#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <fstream>

#include "isla/base/io_error.hpp"

namespace isla {

namespace {

std::string stagePrefix(const std::filesystem::path& target) {
  return "." + target.filename().string() + ".isla-stage-";
}

constexpr std::string_view kReservationSuffix = ".reserved";

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

}  // namespace

std::filesystem::path targetDirectory(const std::filesystem::path& target) {
  auto parent = target.parent_path();
  return parent.empty() ? std::filesystem::path(".") : parent;
}

std::string stageTemplate(const std::filesystem::path& target) {
  return (targetDirectory(target) / (stagePrefix(target) + std::to_string(::getpid()) + "-XXXXXX")).string();
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
  const std::string prefix = stagePrefix(target);
  std::vector<std::filesystem::path> removed;
  std::error_code error;
  for (const auto& entry : std::filesystem::directory_iterator(targetDirectory(target), error)) {
    const std::string name = entry.path().filename().string();
    if (!name.starts_with(prefix)) continue;
    const pid_t pid = stagePid(std::string_view(name).substr(prefix.size()));
    if (pid == 0 || !processIsGone(pid)) continue;
    if (name.ends_with(kReservationSuffix)) removeReservedTarget(entry.path(), target);
    // remove_all removes a symlink itself, never what it points at.
    std::error_code removeError;
    std::filesystem::remove_all(entry.path(), removeError);
    if (!removeError) removed.push_back(entry.path());
  }
  std::sort(removed.begin(), removed.end());
  return removed;
}

}  // namespace isla
