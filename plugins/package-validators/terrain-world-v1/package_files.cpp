// SPDX-License-Identifier: MIT
#include "package_files.hpp"

#include <sys/stat.h>

#include <vector>

#include <isla/base/io_error.hpp>
#include <isla/base/relative_path.hpp>
#include <isla/publish/sha256.hpp>

namespace isla::terrain_world {

std::optional<std::filesystem::path> locate(const std::filesystem::path& root, const Reference& reference,
                                            Report& report) {
  return locate(root, reference.path, reference.file, at(reference.pointer, "path"), report);
}

std::optional<std::filesystem::path> locate(const std::filesystem::path& root, const std::string& path,
                                            const std::string& file, const std::string& pointer, Report& report) {
  if (const std::string reason = whyNotInside(path); !reason.empty()) {
    report.error("world.unsafe-path", file, pointer,
                 "the path '" + path + "' " + reason +
                     "; references are relative POSIX paths inside the package, without '.' or '..'");
    return std::nullopt;
  }
  // lstat each component from the package root: nothing on the way may be a
  // symlink, so the file cannot be outside the package.
  std::filesystem::path current = root;
  std::string walked;
  std::size_t start = 0;
  while (true) {
    const std::size_t end = std::min(path.find('/', start), path.size());
    const bool last = end == path.size();
    const std::string part = path.substr(start, end - start);
    walked += (walked.empty() ? "" : "/") + part;
    current /= part;
    struct stat info {};
    if (::lstat(current.c_str(), &info) != 0) {
      report.error("world.missing-file", file, pointer,
                   "'" + walked + "' does not exist in the package; it must hold the file the reference names");
      return std::nullopt;
    }
    if (S_ISLNK(info.st_mode)) {
      report.error("world.symlink", file, pointer,
                   "'" + walked + "' is a symbolic link; a package holds its files themselves, never links: "
                   "replace it with the file");
      return std::nullopt;
    }
    if (last) {
      if (!S_ISREG(info.st_mode)) {
        report.error("world.missing-file", file, pointer,
                     "'" + walked + "' is not a regular file; the reference must name a file of the package");
        return std::nullopt;
      }
      return current;
    }
    if (!S_ISDIR(info.st_mode)) {
      report.error("world.missing-file", file, pointer,
                   "'" + walked + "' is not a directory, so '" + path + "' cannot exist");
      return std::nullopt;
    }
    start = end + 1;
  }
}

void checkHash(const std::filesystem::path& file, const Reference& reference, Report& report) {
  std::string actual;
  try {
    actual = sha256OfFile(file);
  } catch (const IoError& error) {
    report.error("world.unreadable", reference.path, "", std::string(error.what()));
    return;
  }
  compareHash(actual, reference, report);
}

void compareHash(const std::string& actual, const Reference& reference, Report& report) {
  if (actual != reference.sha256) {
    report.error("world.hash-mismatch", reference.file, at(reference.pointer, "sha256"),
                 "'" + reference.path + "' hashes to " + actual + ", not the " + reference.sha256 +
                     " the reference gives: the file was changed after compilation; recompile the package");
  }
}

}  // namespace isla::terrain_world
