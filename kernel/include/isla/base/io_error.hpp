// SPDX-License-Identifier: MIT
// A filesystem failure, with the path and what to do.
#pragma once

#include <filesystem>
#include <stdexcept>
#include <string>

namespace isla {

class IoError : public std::runtime_error {
 public:
  // `error`: the errno behind it, 0 when no system call failed.
  IoError(const std::filesystem::path& path, const std::string& message, int error = 0);
  const std::filesystem::path& path() const { return path_; }
  int error() const { return error_; }

 private:
  std::filesystem::path path_;
  int error_;
};

// "cannot <action> '<path>': <strerror(errno)>"
[[noreturn]] void throwSystemError(const std::filesystem::path& path, const std::string& action,
                                   int error);

// Creates a directory that must not exist yet (an exporter's folder in its
// stage); throws IoError otherwise.
void createDirectory(const std::filesystem::path& path);

}  // namespace isla
