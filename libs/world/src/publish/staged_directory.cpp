// SPDX-License-Identifier: MIT
#include "isla/publish/staged_directory.hpp"

#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>

#include "isla/base/io_error.hpp"
#include "isla/publish/stage_names.hpp"

namespace isla {

namespace {

// "world/" names the directory "world".
std::filesystem::path normalised(std::filesystem::path target) {
  target = target.lexically_normal();
  if (target.filename().empty()) target = target.parent_path();
  return target;
}

std::filesystem::path parentOf(const std::filesystem::path& target) {
  auto parent = target.parent_path();
  return parent.empty() ? std::filesystem::path(".") : parent;
}

}  // namespace

void StagedDirectory::checkTarget(const std::filesystem::path& requested) {
  const auto target = normalised(requested);
  struct stat info {};
  if (target.empty() || target == "." || target == "..") {
    throw IoError(requested, "'" + requested.string() + "' cannot be an output directory; name a new directory");
  }
  // First, so that an empty target a killed run reserved is gone too.
  removeAbandonedStages(target);
  if (::lstat(target.c_str(), &info) == 0) {
    throw IoError(target, "'" + target.string() +
                              "' already exists; choose another output directory or remove it first", EEXIST);
  }
  const auto parent = parentOf(target);
  // The errno goes with each refusal: the Python module raises OSError with it.
  const int missing = ::stat(parent.c_str(), &info) != 0 ? errno : S_ISDIR(info.st_mode) ? 0 : ENOTDIR;
  if (missing != 0) {
    throw IoError(target,
                  "the parent directory '" + parent.string() +
                      (missing == ENOTDIR ? "' is not a directory; choose another output path"
                                          : "' does not exist; create it first"),
                  missing);
  }
  if (::access(parent.c_str(), W_OK) != 0) {
    throw IoError(target, "the parent directory '" + parent.string() + "' is not writable", errno);
  }
}

StagedDirectory::StagedDirectory(std::filesystem::path target) : target_(normalised(std::move(target))) {
  checkTarget(target_);
  NewStage made = makeStage(target_, StageKind::Directory);
  stage_ = std::move(made.path);
  lock_ = std::move(made.lock);
  const mode_t mask = ::umask(0);
  ::umask(mask);
  ::chmod(stage_.c_str(), 0777 & ~mask);
}

StagedDirectory::~StagedDirectory() { discard(); }

void StagedDirectory::discard() noexcept {
  if (committed_ || stage_.empty()) return;
  std::error_code ignored;
  std::filesystem::remove_all(stage_, ignored);
  std::filesystem::remove(reservationRecord(stage_), ignored);
}

void StagedDirectory::commit() {
  // The reservation: only a target that is still absent is published.
  if (::mkdir(target_.c_str(), 0700) != 0) {
    if (errno == EEXIST) {
      throw IoError(target_, "'" + target_.string() +
                                 "' appeared while the world was being written; nothing was published");
    }
    throwSystemError(target_, "reserve the output directory", errno);
  }
  // Killed before the rename, this run leaves the record by which the next
  // one tells its reservation from a directory the user made.
  try {
    recordReservation(stage_, target_);
  } catch (...) {
    ::rmdir(target_.c_str());
    throw;
  }
  if (::rename(stage_.c_str(), target_.c_str()) != 0) {
    const int error = errno;
    ::rmdir(target_.c_str());
    throwSystemError(target_, "publish the staging directory as", error);
  }
  committed_ = true;
  deferral_.published(target_);
  ::unlink(reservationRecord(stage_).c_str());
}

}  // namespace isla
