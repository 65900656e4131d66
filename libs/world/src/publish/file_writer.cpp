// SPDX-License-Identifier: MIT
#include "isla/publish/file_writer.hpp"

#include <fcntl.h>
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <optional>
#include <utility>
#include <vector>

#include "isla/base/interrupt.hpp"
#include "isla/base/io_error.hpp"
#include "isla/publish/sha256.hpp"

namespace isla {

namespace {

// Bytes gathered before a write(2): JsonWriter hands over 64 KiB at a time.
constexpr std::size_t kWriteBufferSize = std::size_t{1} << 18;

// The cause of a failed write, said so that the user knows what to do.
std::string cause(int error) {
  if (error == ENOSPC) return "the disk is full; free some space and try again";
  if (error == EDQUOT) return "the disk quota is exhausted; free some space and try again";
  if (error == EFBIG) {
    rlimit limit{};
    if (::getrlimit(RLIMIT_FSIZE, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY) {
      return "the file-size limit (ulimit -f) of " + std::to_string(limit.rlim_cur) +
             " bytes was reached; raise it or write elsewhere";
    }
    return "the file is larger than the filesystem allows; write it elsewhere";
  }
  return std::strerror(error);
}

[[noreturn]] void fail(const std::filesystem::path& shown, const std::string& action, int error) {
  throw IoError(shown, "cannot " + action + " '" + shown.string() + "': " + cause(error));
}

}  // namespace

struct FileWriter::State {
  int fd;
  std::filesystem::path path;
  std::filesystem::path shown;
  std::vector<std::byte> buffer;
  std::uint64_t size = 0;
  std::optional<Sha256> digest;

  // Writes in buffer-sized pieces, so that an interruption is noticed
  // within one piece however large the block.
  void writeAll(std::span<const std::byte> bytes) {
    while (!bytes.empty()) {
      checkInterrupted();
      const ssize_t written = ::write(fd, bytes.data(), std::min(bytes.size(), kWriteBufferSize));
      if (written < 0) {
        if (errno == EINTR) continue;
        fail(shown, "write", errno);
      }
      bytes = bytes.subspan(static_cast<std::size_t>(written));
    }
  }

  void flush() {
    writeAll(buffer);
    buffer.clear();
  }
};

FileWriter FileWriter::create(const std::filesystem::path& path, Digest digest) {
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
  if (fd < 0) {
    if (errno == EEXIST) {
      throw IoError(path, "'" + path.string() + "' already exists; choose another output path or remove it first");
    }
    fail(path, "create", errno);
  }
  FileWriter file(fd, path);
  if (digest == Digest::None) file.state_->digest.reset();
  return file;
}

FileWriter::FileWriter(int fd, std::filesystem::path path, std::filesystem::path shownAs)
    : state_(std::make_unique<State>()) {
  state_->fd = fd;
  state_->shown = shownAs.empty() ? path : std::move(shownAs);
  state_->path = std::move(path);
  state_->buffer.reserve(kWriteBufferSize);
  state_->digest.emplace();
}

FileWriter::FileWriter(FileWriter&&) noexcept = default;

FileWriter::~FileWriter() {
  if (state_ && state_->fd >= 0) ::close(state_->fd);
}

void FileWriter::write(std::span<const std::byte> bytes) {
  if (state_->fd < 0) {
    throw IoError(state_->shown, "write to '" + state_->shown.string() + "' after it was closed");
  }
  if (state_->digest) state_->digest->update(bytes);
  state_->size += bytes.size();
  if (state_->buffer.size() + bytes.size() > kWriteBufferSize) state_->flush();
  if (bytes.size() >= kWriteBufferSize) {
    state_->writeAll(bytes);
  } else {
    state_->buffer.insert(state_->buffer.end(), bytes.begin(), bytes.end());
  }
}

void FileWriter::write(std::string_view text) { write(std::as_bytes(std::span(text))); }

std::uint64_t FileWriter::size() const { return state_->size; }

const std::filesystem::path& FileWriter::path() const { return state_->path; }

std::string FileWriter::close(bool sync) {
  state_->flush();
  if (sync && ::fsync(state_->fd) != 0) fail(state_->shown, "sync", errno);
  const int fd = std::exchange(state_->fd, -1);
  if (::close(fd) != 0) fail(state_->shown, "close", errno);
  return state_->digest ? state_->digest->finishHex() : std::string();
}

}  // namespace isla
