// SPDX-License-Identifier: MIT
#include "isla/base/io_error.hpp"

#include <cerrno>
#include <cstring>

namespace isla {

IoError::IoError(const std::filesystem::path& path, const std::string& message, int error)
    : std::runtime_error(message), path_(path), error_(error) {}

void throwSystemError(const std::filesystem::path& path, const std::string& action, int error) {
  throw IoError(path, "cannot " + action + " '" + path.string() + "': " + std::strerror(error), error);
}

void createDirectory(const std::filesystem::path& path) {
  std::error_code error;
  if (!std::filesystem::create_directory(path, error)) {
    throwSystemError(path, "create the directory", error ? error.value() : EEXIST);
  }
}

}  // namespace isla
