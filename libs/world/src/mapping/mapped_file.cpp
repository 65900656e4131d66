// SPDX-License-Identifier: MIT
#include "isla/mapping/mapped_file.hpp"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <string>

#include "isla/base/io_error.hpp"
#include "mapping_guard.hpp"
#include "regular_file.hpp"

namespace isla {

namespace {

[[noreturn]] void refuseIrregular(const std::filesystem::path& path) {
  throw IoError(path, "cannot read '" + path.string() + "': not a regular file");
}

}  // namespace

int openRegularFile(const std::filesystem::path& path, struct stat& info) {
  // A FIFO, socket or device is refused before it is opened: opening one
  // can block forever (a FIFO without a writer) or act on the device.
  if (::stat(path.c_str(), &info) != 0) throwSystemError(path, "open", errno);
  if (!S_ISREG(info.st_mode)) refuseIrregular(path);
  // O_NONBLOCK: a FIFO swapped in since the stat cannot block the open.
  const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) throwSystemError(path, "open", errno);
  if (::fstat(fd, &info) != 0) {
    const int error = errno;
    ::close(fd);
    throwSystemError(path, "inspect", error);
  }
  if (!S_ISREG(info.st_mode)) {
    ::close(fd);
    refuseIrregular(path);
  }
  return fd;
}

std::shared_ptr<const MappedFile> MappedFile::open(const std::filesystem::path& path) {
  struct stat info {};
  const int fd = openRegularFile(path, info);
  const auto size = static_cast<std::size_t>(info.st_size);
  const std::byte* data = nullptr;
  if (size > 0) {
    void* mapping = ::mmap(nullptr, size, PROT_READ, MAP_PRIVATE, fd, 0);
    if (mapping == MAP_FAILED) {
      const int error = errno;
      ::close(fd);
      if (error == ENOMEM) {
        throw IoError(path, "cannot map '" + path.string() + "' (" + std::to_string(size >> 20) +
                                " MiB): not enough memory or address space; free memory or raise the "
                                "process's limit (ulimit -v)");
      }
      throwSystemError(path, "map", error);
    }
    // One sequential pass is the common access: let the kernel read ahead.
    ::madvise(mapping, size, MADV_SEQUENTIAL);
    data = static_cast<const std::byte*>(mapping);
  }
  ::close(fd);
  return std::shared_ptr<const MappedFile>(new MappedFile(data, size, FileIdentity::of(info), path));
}

MappedFile::MappedFile(const std::byte* data, std::size_t size, const FileIdentity& identity,
                       std::filesystem::path path)
    : data_(data), size_(size), identity_(identity), path_(std::move(path)),
      guard_(data ? std::make_unique<detail::MappingGuard>(data, size) : nullptr) {}

MappedFile::~MappedFile() {
  guard_.reset();  // before the pages go
  if (data_) ::munmap(const_cast<std::byte*>(data_), size_);
}

std::optional<std::string> MappedFile::change() const {
  std::string why;
  struct stat now {};
  if (guard_ && guard_->torn()) {
    why = detail::kCutShort;
  } else if (::stat(path_.c_str(), &now) == 0 && static_cast<std::uint64_t>(now.st_dev) == identity_.device &&
             static_cast<std::uint64_t>(now.st_ino) == identity_.inode) {
    const FileIdentity seen = FileIdentity::of(now);
    if (seen.bytes != identity_.bytes) {
      why = "it had " + std::to_string(identity_.bytes) + " bytes, and now has " + std::to_string(seen.bytes);
    } else if (seen.modifiedNs != identity_.modifiedNs) {
      why = "it was written to";
    }
  }
  if (why.empty()) return std::nullopt;
  return detail::changedWhileRead(path_, why);
}

}  // namespace isla
