// SPDX-License-Identifier: MIT
// Opening a file that must be a regular one, for reading it mapped.
#pragma once

#include <sys/stat.h>

#include <filesystem>

namespace isla {

// The descriptor of `path` opened read-only, `info` its stat; throws IoError
// naming the path when it cannot be opened or is not a regular file.
int openRegularFile(const std::filesystem::path& path, struct stat& info);

}  // namespace isla
