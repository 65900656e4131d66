// SPDX-License-Identifier: MIT
// The files of a package: a referenced path is safe (relative POSIX, no
// traversal, no symlink on the way, inside the package), exists, and hashes
// to what the reference says.
#pragma once

#include <filesystem>
#include <optional>
#include <string>

#include "report.hpp"

namespace isla::terrain_world {

struct Reference {
  std::string path;    // package-relative, as written
  std::string sha256;  // as written
  std::string file;    // the document holding the reference ("world.json")
  std::string pointer; // of the reference object ("/patches/0/terrain")
};

// The file on disk when `path` is safe and names a regular file; otherwise
// reports why (world.unsafe-path, world.symlink, world.missing-file) in
// `file` at `pointer`.
std::optional<std::filesystem::path> locate(const std::filesystem::path& root, const std::string& path,
                                            const std::string& file, const std::string& pointer, Report& report);
std::optional<std::filesystem::path> locate(const std::filesystem::path& root, const Reference& reference,
                                            Report& report);

// world.hash-mismatch when the file's bytes hash to something else.
void checkHash(const std::filesystem::path& file, const Reference& reference, Report& report);
// The same for a hash already taken (`actual`).
void compareHash(const std::string& actual, const Reference& reference, Report& report);

}  // namespace isla::terrain_world
