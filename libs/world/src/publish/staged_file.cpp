// SPDX-License-Identifier: MIT
#include "isla/publish/staged_file.hpp"

#include <fcntl.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>

#include "isla/base/interrupt.hpp"
#include "isla/base/io_error.hpp"
#include "isla/publish/stage_names.hpp"

namespace isla {

namespace {

// Renames without ever replacing an existing target; falls back to
// link + unlink where the filesystem has no RENAME_NOREPLACE.
int renameNoReplace(const std::filesystem::path& from, const std::filesystem::path& to) {
  if (::renameat2(AT_FDCWD, from.c_str(), AT_FDCWD, to.c_str(), RENAME_NOREPLACE) == 0) return 0;
  if (errno != EINVAL && errno != ENOSYS) return errno;
  if (::link(from.c_str(), to.c_str()) != 0) return errno;
  ::unlink(from.c_str());
  return 0;
}

void syncDirectory(const std::filesystem::path& directory) {
  const int fd = ::open(directory.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd >= 0) {
    ::fsync(fd);
    ::close(fd);
  }
}

}  // namespace

void StagedFile::checkTarget(const std::filesystem::path& target, bool replace) {
  struct stat info {};
  if (!replace && ::lstat(target.c_str(), &info) == 0) {
    throw IoError(target, "'" + target.string() +
                              "' already exists; choose another output path or remove it first");
  }
  const auto parent = targetDirectory(target);
  if (::stat(parent.c_str(), &info) != 0 || !S_ISDIR(info.st_mode)) {
    throw IoError(target, "the output directory '" + parent.string() +
                              "' does not exist; create it first");
  }
  if (::access(parent.c_str(), W_OK) != 0) {
    throw IoError(target, "the output directory '" + parent.string() + "' is not writable");
  }
}

StagedFile::StagedFile(std::filesystem::path target, bool replace)
    : target_(std::move(target)), replace_(replace) {
  checkTarget(target_, replace_);
  removed_ = removeAbandonedStages(target_);
  NewStage made = makeStage(target_, StageKind::File);
  const int fd = made.fd;
  stage_ = std::move(made.path);
  lock_ = std::move(made.lock);
  writer_.emplace(fd, stage_, target_);
  const mode_t mask = ::umask(0);
  ::umask(mask);
  ::fchmod(fd, 0666 & ~mask);
}

StagedFile::~StagedFile() { discard(); }

void StagedFile::discard() noexcept {
  writer_.reset();
  if (!stage_.empty()) {
    ::unlink(stage_.c_str());
    stage_.clear();
  }
}

void StagedFile::write(std::span<const std::byte> bytes) {
  if (!writer_) throw IoError(target_, "write to '" + target_.string() + "' after it was closed");
  writer_->write(bytes);
}

void StagedFile::commit() {
  try {
    writer_->close(/*sync=*/true);
    writer_.reset();
    // A signal that came during the sync still leaves nothing behind.
    checkInterrupted();
  } catch (...) {
    discard();
    throw;
  }
  const int error = replace_ ? (::rename(stage_.c_str(), target_.c_str()) == 0 ? 0 : errno)
                             : renameNoReplace(stage_, target_);
  if (error != 0) {
    discard();
    if (error == EEXIST) {
      throw IoError(target_, "'" + target_.string() +
                                 "' appeared while writing; it was left untouched and nothing was written");
    }
    throwSystemError(target_, "publish", error);
  }
  stage_.clear();
  deferral_.published(target_);
  syncDirectory(targetDirectory(target_));
}

}  // namespace isla
