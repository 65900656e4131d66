// SPDX-License-Identifier: MIT
// A filesystem failure, with the path and what to do.
#pragma once

#include <filesystem>
#include <stdexcept>
#include <string>

namespace isla {

class IoError : public std::runtime_error {
 public:
  IoError(const std::filesystem::path& path, const std::string& message);
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

// "cannot <action> '<path>': <strerror(errno)>"
[[noreturn]] void throwSystemError(const std::filesystem::path& path, const std::string& action,
                                   int error);

}  // namespace isla
