// SPDX-License-Identifier: MIT
#include "regular_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

namespace isla {

namespace {

std::string kindOf(mode_t mode) {
  if (S_ISLNK(mode)) return "a symbolic link";
  if (S_ISDIR(mode)) return "a directory";
  if (S_ISFIFO(mode)) return "a FIFO";
  if (S_ISCHR(mode) || S_ISBLK(mode)) return "a device";
  if (S_ISSOCK(mode)) return "a socket";
  return "not a file";
}

[[noreturn]] void unreadable(const std::filesystem::path& path, int error) {
  throw UnreadableFile(path, std::strerror(error), error);
}

}  // namespace

struct stat regularFileStatus(const std::filesystem::path& path) {
  struct stat info {};
  if (::lstat(path.c_str(), &info) != 0) unreadable(path, errno);
  if (!S_ISREG(info.st_mode)) throw NotRegularFile(path, kindOf(info.st_mode));
  return info;
}

NotRegularFile::NotRegularFile(const std::filesystem::path& path, std::string kind)
    : IoError(path, "'" + path.string() + "' is not a regular file (" + kind + ")"), kind_(std::move(kind)) {}

RegularFile::RegularFile(const std::filesystem::path& path) : path_(path) {
  regularFileStatus(path_);
  // O_NOFOLLOW and O_NONBLOCK: a link or FIFO put there since the lstat is
  // refused, not followed or waited on.
  fd_ = ::open(path_.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
  if (fd_ < 0) {
    if (errno == ELOOP) throw NotRegularFile(path_, "a symbolic link");
    unreadable(path_, errno);
  }
  struct stat info {};
  if (::fstat(fd_, &info) != 0) {
    const int error = errno;
    ::close(fd_);
    unreadable(path_, error);
  }
  if (!S_ISREG(info.st_mode)) {
    ::close(fd_);
    throw NotRegularFile(path_, kindOf(info.st_mode));
  }
  size_ = static_cast<std::uint64_t>(info.st_size);
}

RegularFile::~RegularFile() { ::close(fd_); }

std::string RegularFile::text(std::uint64_t limit) const {
  if (size_ > limit) {
    throw UnreadableFile(path_, "it has " + std::to_string(size_) + " bytes, more than " + std::to_string(limit));
  }
  return start(static_cast<std::size_t>(size_));
}

std::string RegularFile::start(std::size_t bytes) const {
  std::string text(static_cast<std::size_t>(std::min<std::uint64_t>(bytes, size_)), '\0');
  std::size_t got = 0;
  while (got < text.size()) {
    const ssize_t read = ::pread(fd_, text.data() + got, text.size() - got, static_cast<off_t>(got));
    if (read < 0 && errno == EINTR) continue;
    if (read < 0) unreadable(path_, errno);
    if (read == 0) break;  // cut short since: the caller's checks name it
    got += static_cast<std::size_t>(read);
  }
  text.resize(got);
  return text;
}

}  // namespace isla
