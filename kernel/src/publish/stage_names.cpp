// SPDX-License-Identifier: MIT
#include "isla/publish/stage_names.hpp"

#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <charconv>

namespace isla {

namespace {

std::string stagePrefix(const std::filesystem::path& target) {
  return "." + target.filename().string() + ".isla-stage-";
}

// The pid in "<pid>-XXXXXX", or 0 when `rest` is not of that form.
pid_t stagePid(std::string_view rest) {
  const auto dash = rest.find('-');
  if (dash == std::string_view::npos || rest.size() - dash - 1 != 6) return 0;
  pid_t pid = 0;
  const auto [end, error] = std::from_chars(rest.data(), rest.data() + dash, pid);
  return error == std::errc() && end == rest.data() + dash && pid > 0 ? pid : 0;
}

bool processIsGone(pid_t pid) { return ::kill(pid, 0) == -1 && errno == ESRCH; }

}  // namespace

std::filesystem::path targetDirectory(const std::filesystem::path& target) {
  auto parent = target.parent_path();
  return parent.empty() ? std::filesystem::path(".") : parent;
}

std::string stageTemplate(const std::filesystem::path& target) {
  return (targetDirectory(target) / (stagePrefix(target) + std::to_string(::getpid()) + "-XXXXXX")).string();
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
    // remove_all removes a symlink itself, never what it points at.
    std::error_code removeError;
    std::filesystem::remove_all(entry.path(), removeError);
    if (!removeError) removed.push_back(entry.path());
  }
  std::sort(removed.begin(), removed.end());
  return removed;
}

}  // namespace isla
