// SPDX-License-Identifier: MIT
#include "isla/staged_file.hpp"

#include <fcntl.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>

#include "isla/io_error.hpp"

namespace isla {

namespace {

constexpr std::size_t kBufferSize = 1 << 20;

std::filesystem::path parentOf(const std::filesystem::path& target) {
  auto parent = target.parent_path();
  return parent.empty() ? std::filesystem::path(".") : parent;
}

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
  const auto parent = parentOf(target);
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
  std::string pattern =
      (parentOf(target_) / ("." + target_.filename().string() + ".isla-stage-XXXXXX")).string();
  fd_ = ::mkostemp(pattern.data(), O_CLOEXEC);
  if (fd_ < 0) throwSystemError(target_, "create a staging file for", errno);
  stage_ = pattern;
  const mode_t mask = ::umask(0);
  ::umask(mask);
  ::fchmod(fd_, 0666 & ~mask);
  buffer_.reserve(kBufferSize);
}

StagedFile::~StagedFile() { discard(); }

void StagedFile::discard() noexcept {
  if (fd_ >= 0) {
    ::close(fd_);
    fd_ = -1;
  }
  if (!stage_.empty()) {
    ::unlink(stage_.c_str());
    stage_.clear();
  }
}

void StagedFile::writeAll(std::span<const std::byte> bytes) {
  std::size_t done = 0;
  while (done < bytes.size()) {
    const ssize_t written = ::write(fd_, bytes.data() + done, bytes.size() - done);
    if (written < 0) {
      if (errno == EINTR) continue;
      const int error = errno;
      discard();
      throwSystemError(target_, "write", error);
    }
    done += static_cast<std::size_t>(written);
  }
}

void StagedFile::flush() {
  writeAll(buffer_);
  buffer_.clear();
}

void StagedFile::write(std::span<const std::byte> bytes) {
  if (fd_ < 0) throw IoError(target_, "write to '" + target_.string() + "' after it was closed");
  if (buffer_.size() + bytes.size() > kBufferSize) flush();
  if (bytes.size() >= kBufferSize) {
    writeAll(bytes);
  } else {
    buffer_.insert(buffer_.end(), bytes.begin(), bytes.end());
  }
}

void StagedFile::commit() {
  flush();
  if (::fsync(fd_) != 0) {
    const int error = errno;
    discard();
    throwSystemError(target_, "sync", error);
  }
  if (::close(fd_) != 0) {
    const int error = errno;
    fd_ = -1;
    discard();
    throwSystemError(target_, "close", error);
  }
  fd_ = -1;
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
  syncDirectory(parentOf(target_));
}

}  // namespace isla
