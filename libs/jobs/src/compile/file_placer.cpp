// SPDX-License-Identifier: MIT
#include "file_placer.hpp"

#include <fcntl.h>
#include <stdio.h>
#include <sys/stat.h>

#include <cerrno>
#include <cstring>
#include <vector>

#include "isla/base/joined_text.hpp"
#include "isla/publish/file_writer.hpp"

namespace isla {

namespace {

std::string files(std::size_t count, const char* how) {
  return std::to_string(count) + (count == 1 ? " file " : " files ") + how;
}

// rename(2) that never replaces `to`; a filesystem without RENAME_NOREPLACE
// (EINVAL: NFS, some FUSE) gets a check of `to` and a plain rename.
int renameNoReplace(const std::filesystem::path& from, const std::filesystem::path& to) {
  if (::renameat2(AT_FDCWD, from.c_str(), AT_FDCWD, to.c_str(), RENAME_NOREPLACE) == 0) return 0;
  if (errno != EINVAL) return errno;
  std::error_code error;
  if (std::filesystem::symlink_status(to, error).type() != std::filesystem::file_type::not_found) return EEXIST;
  return ::rename(from.c_str(), to.c_str()) == 0 ? 0 : errno;
}

}  // namespace

void FilePlacer::place(const std::filesystem::path& from, const std::filesystem::path& to) {
  const RegularFile in(from);
  makeParent(to);
  FileWriter out = FileWriter::create(to, FileWriter::Digest::None);
  const FileWriter::Copy how = out.copyFrom(in.descriptor(), in.size(), from);
  out.close();
  ++(how == FileWriter::Copy::Cloned ? cloned_ : copied_);
}

bool FilePlacer::move(const std::filesystem::path& from, const std::filesystem::path& to) {
  // Never opened: what is renamed is checked by its identity before and after.
  const struct stat before = regularFileStatus(from);
  // A file with another name elsewhere (a hard link someone made) would
  // share its inode with the package once moved: it is copied instead.
  if (before.st_nlink > 1) {
    place(from, to);
    return false;
  }
  makeParent(to);
  const int error = renameNoReplace(from, to);
  if (error == EXDEV) {
    place(from, to);
    return false;
  }
  if (error != 0) {
    throw IoError(from, "cannot move '" + from.string() + "' to '" + to.string() + "': " + std::strerror(error), error);
  }
  // What was moved must be the regular file checked: anything put in its
  // place in between (a link, another file) goes back and is refused.
  struct stat after {};
  if (::lstat(to.c_str(), &after) != 0 || after.st_dev != before.st_dev || after.st_ino != before.st_ino ||
      after.st_nlink != 1) {
    ::rename(to.c_str(), from.c_str());
    throw IoError(from, "'" + from.string() + "' was replaced while it was being moved into the package; "
                        "nothing was published");
  }
  ++moved_;
  return true;
}

void FilePlacer::makeParent(const std::filesystem::path& file) {
  // Most files of a package share a folder: it is made once.
  if (file.parent_path() == lastParent_) return;
  std::filesystem::create_directories(file.parent_path());
  lastParent_ = file.parent_path();
}

std::string FilePlacer::summary() const {
  std::vector<std::string> counts;
  if (moved_ > 0) counts.push_back(files(moved_, "moved"));
  if (cloned_ > 0) counts.push_back(files(cloned_, "cloned"));
  if (copied_ > 0 || counts.empty()) counts.push_back(files(copied_, "copied"));
  return joinedText(counts, ", ");
}

}  // namespace isla
