// SPDX-License-Identifier: MIT
#include "isla/mapping/file_window.hpp"

#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <stdexcept>
#include <memory>
#include <string>

#include "isla/base/io_error.hpp"
#include "mapping_guard.hpp"
#include "regular_file.hpp"

namespace isla {

namespace {

// What everyByte gets of the bytes outside the window at a time: small, so
// that hashing a file touches few pages of memory (a fresh page costs more
// to map in than its bytes cost to hash, docs/performance.md), and the
// next file's buffer is the same freed memory.
constexpr std::size_t kReadBytes = std::size_t{256} << 10;

}  // namespace

FileWindow::FileWindow(const std::filesystem::path& path, FileWindowOptions options)
    : path_(path), options_(std::move(options)), pageBytes_(static_cast<std::size_t>(::sysconf(_SC_PAGESIZE))) {
  struct stat info {};
  fd_ = openRegularFile(path_, info);
  size_ = static_cast<std::uint64_t>(info.st_size);
  // Two pages at least: a view starts anywhere in the window's first page.
  options_.windowBytes = std::max<std::size_t>((options_.windowBytes + pageBytes_ - 1) / pageBytes_, 2) * pageBytes_;
  ::posix_fadvise(fd_, 0, 0, POSIX_FADV_SEQUENTIAL);
}

FileWindow::~FileWindow() {
  release();
  dropBefore(passedPages());  // once more: see dropBefore
  ::close(fd_);
}

std::size_t FileWindow::maxView() const { return options_.windowBytes - pageBytes_; }

std::string_view FileWindow::view(std::uint64_t offset, std::size_t length) {
  if (offset < lowest_) {
    throw std::logic_error("FileWindow: offset " + std::to_string(offset) + " is behind " + std::to_string(lowest_));
  }
  if (length > maxView()) {
    throw std::logic_error("FileWindow: a view of " + std::to_string(length) + " bytes is larger than the window");
  }
  checkNotCut();
  lowest_ = offset;
  if (offset >= size_) return {};
  const std::uint64_t wanted = std::min<std::uint64_t>(offset + length, size_);
  if (!mapped_ || offset < mappedBegin_ || wanted > mappedBegin_ + mappedBytes_) {
    const std::uint64_t begin = offset / pageBytes_ * pageBytes_;
    pass(begin);
    release();
    const auto bytes = static_cast<std::size_t>(std::min<std::uint64_t>(options_.windowBytes, size_ - begin));
    void* mapping = ::mmap(nullptr, bytes, PROT_READ, MAP_PRIVATE, fd_, static_cast<off_t>(begin));
    if (mapping == MAP_FAILED) throwSystemError(path_, "map", errno);
    ::madvise(mapping, bytes, MADV_SEQUENTIAL);
    mapped_ = static_cast<const char*>(mapping);
    mappedBegin_ = begin;
    mappedBytes_ = bytes;
    guard_ = std::make_unique<detail::MappingGuard>(mapping, bytes);
  }
  const auto skip = static_cast<std::size_t>(offset - mappedBegin_);
  return {mapped_ + skip, mappedBytes_ - skip};
}

void FileWindow::readToEnd() {
  pass(size_);
  checkNotCut();
}

void FileWindow::checkNotCut() {
  if (cut_ || (guard_ && guard_->torn())) throw IoError(path_, detail::changedWhileRead(path_, detail::kCutShort));
}

// everyByte gets [passed_, upTo): from the window where it holds them, else
// read a piece at a time (the header before the first view, the tail after
// the last).
void FileWindow::pass(std::uint64_t upTo) {
  if (!options_.everyByte) return;
  std::unique_ptr<std::byte[]> buffer;  // not zeroed: each read fills what it hands on
  while (passed_ < upTo) {
    const std::uint64_t mappedEnd = mappedBegin_ + mappedBytes_;
    if (mapped_ && passed_ >= mappedBegin_ && passed_ < mappedEnd) {
      const std::uint64_t end = std::min(upTo, mappedEnd);
      options_.everyByte({reinterpret_cast<const std::byte*>(mapped_) + (passed_ - mappedBegin_),
                          static_cast<std::size_t>(end - passed_)});
      passed_ = end;
      continue;
    }
    const std::uint64_t stop = mapped_ && passed_ < mappedBegin_ ? std::min(upTo, mappedBegin_) : upTo;
    if (!buffer) buffer = std::make_unique_for_overwrite<std::byte[]>(kReadBytes);
    const auto wanted = static_cast<std::size_t>(std::min<std::uint64_t>(kReadBytes, stop - passed_));
    const ssize_t got = ::pread(fd_, buffer.get(), wanted, static_cast<off_t>(passed_));
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) throwSystemError(path_, "read", errno);
    if (got == 0) throw IoError(path_, "'" + path_.string() + "' became shorter while it was read");
    options_.everyByte(std::span(buffer.get(), static_cast<std::size_t>(got)));
    passed_ += static_cast<std::uint64_t>(got);
    if (!mapped_) dropBefore(passedPages());
  }
}

// The whole pages before both the lowest view and what everyByte had.
std::uint64_t FileWindow::passedPages() const {
  const std::uint64_t done = options_.everyByte ? std::min(lowest_, passed_) : lowest_;
  return done / pageBytes_ * pageBytes_;
}

// With dropBehind, [retryFrom_, upTo) leaves the page cache. Pages just
// unmapped can still sit in the kernel's per-CPU batches, where the advice
// misses them, so each call tries the previous call's range again.
void FileWindow::dropBefore(std::uint64_t upTo) {
  if (!options_.dropBehind || upTo <= retryFrom_) return;
  ::posix_fadvise(fd_, static_cast<off_t>(retryFrom_), static_cast<off_t>(upTo - retryFrom_), POSIX_FADV_DONTNEED);
  retryFrom_ = std::min(lastDropped_, upTo);
  lastDropped_ = upTo;
}

// Unmaps the window; with dropBehind, the pages passed leave the page
// cache (those ahead will be mapped again).
void FileWindow::release() {
  if (!mapped_) return;
  cut_ = cut_ || guard_->torn();
  guard_.reset();  // before the pages go
  ::munmap(const_cast<char*>(mapped_), mappedBytes_);
  mapped_ = nullptr;
  mappedBytes_ = 0;
  dropBefore(passedPages());
}

}  // namespace isla
