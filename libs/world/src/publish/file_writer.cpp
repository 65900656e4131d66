// SPDX-License-Identifier: MIT
#include "isla/publish/file_writer.hpp"

#include <fcntl.h>
#include <linux/fs.h>
#include <sys/ioctl.h>
#include <sys/resource.h>
#include <sys/uio.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cstring>
#include <optional>
#include <stdexcept>
#include <utility>
#include <vector>

#include "isla/base/interrupt.hpp"
#include "isla/base/io_error.hpp"
#include "isla/publish/sha256.hpp"

namespace isla {

namespace {

// Bytes gathered before a write(2): JsonWriter hands over 64 KiB at a time.
constexpr std::size_t kWriteBufferSize = std::size_t{1} << 18;
// What copyFrom hands the kernel at a time, between checks for an interruption.
constexpr std::size_t kCopyPiece = std::size_t{64} << 20;

// The copy could not be made so on this filesystem (or between these two):
// the next way is tried.
bool unsupported(int error) {
  return error == EOPNOTSUPP || error == ENOTTY || error == EXDEV || error == EINVAL || error == ENOSYS ||
         error == EBADF || error == EPERM;
}

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

  // The same for bytes in pieces, in writev calls of at most IOV_MAX
  // pieces, each call ending at the piece that reaches kCopyPiece bytes,
  // so that an interruption is noticed between them.
  void writeAllGathered(std::span<const std::span<const std::byte>> pieces) {
    std::vector<iovec> left;
    for (const auto piece : pieces) {
      if (!piece.empty()) left.push_back({const_cast<std::byte*>(piece.data()), piece.size()});
    }
    std::size_t first = 0;
    while (first < left.size()) {
      checkInterrupted();
      std::size_t count = 0, bytes = 0;
      while (first + count < left.size() && count < IOV_MAX && bytes < kCopyPiece) {
        bytes += left[first + count++].iov_len;
      }
      const ssize_t written = ::writev(fd, left.data() + first, static_cast<int>(count));
      if (written < 0) {
        if (errno == EINTR) continue;
        fail(shown, "write", errno);
      }
      // Past the pieces written whole, into the one written in part.
      auto done = static_cast<std::size_t>(written);
      while (first < left.size() && done >= left[first].iov_len) done -= left[first++].iov_len;
      if (done > 0) {
        left[first].iov_base = static_cast<std::byte*>(left[first].iov_base) + done;
        left[first].iov_len -= done;
      }
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
  return FileWriter(fd, path, {}, digest);
}

FileWriter::FileWriter(int fd, std::filesystem::path path, std::filesystem::path shownAs)
    : FileWriter(fd, std::move(path), std::move(shownAs), Digest::Sha256) {}

FileWriter::FileWriter(int fd, std::filesystem::path path, std::filesystem::path shownAs, Digest digest)
    : state_(std::make_unique<State>()) {
  state_->fd = fd;
  state_->shown = shownAs.empty() ? path : std::move(shownAs);
  state_->path = std::move(path);
  if (digest == Digest::Sha256) state_->digest.emplace();
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
    // Made at the first buffered write: a file written in gathered pieces needs none.
    if (state_->buffer.capacity() == 0) state_->buffer.reserve(kWriteBufferSize);
    state_->buffer.insert(state_->buffer.end(), bytes.begin(), bytes.end());
  }
}

void FileWriter::writeGathered(std::span<const std::span<const std::byte>> pieces) {
  if (state_->fd < 0) {
    throw IoError(state_->shown, "write to '" + state_->shown.string() + "' after it was closed");
  }
  for (const auto piece : pieces) {
    if (state_->digest) state_->digest->update(piece);
    state_->size += piece.size();
  }
  state_->flush();
  state_->writeAllGathered(pieces);
}

void FileWriter::write(std::string_view text) { write(std::as_bytes(std::span(text))); }

FileWriter::Copy FileWriter::copyFrom(int from, std::uint64_t bytes, const std::filesystem::path& fromPath) {
  State& state = *state_;
  if (state.size != 0 || !state.buffer.empty()) throw std::logic_error("FileWriter::copyFrom into a file written to");
  const auto changed = [&] { return IoError(fromPath, "'" + fromPath.string() + "' changed while it was copied"); };
  if (!state.digest && bytes > 0 && ::ioctl(state.fd, FICLONE, from) == 0) {
    if (::lseek(state.fd, 0, SEEK_END) != static_cast<off_t>(bytes)) throw changed();
    state.size = bytes;
    return Copy::Cloned;
  }
  bool inKernel = !state.digest;  // the bytes pass no buffer of ours, so none can be hashed
  while (inKernel && state.size < bytes) {
    checkInterrupted();
    auto at = static_cast<off_t>(state.size);
    const ssize_t copied = ::copy_file_range(from, &at, state.fd, nullptr,
                                             static_cast<std::size_t>(std::min<std::uint64_t>(kCopyPiece, bytes - state.size)), 0);
    if (copied > 0) {
      state.size += static_cast<std::uint64_t>(copied);
    } else if (copied == 0) {
      throw changed();
    } else if (errno != EINTR) {
      if (state.size > 0 || !unsupported(errno)) fail(state.shown, "write", errno);
      inKernel = false;
    }
  }
  std::vector<std::byte> buffer;
  while (state.size < bytes) {
    if (buffer.empty()) buffer.resize(kWriteBufferSize);
    const auto wanted = static_cast<std::size_t>(std::min<std::uint64_t>(buffer.size(), bytes - state.size));
    const ssize_t got = ::pread(from, buffer.data(), wanted, static_cast<off_t>(state.size));
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) throwSystemError(fromPath, "read", errno);
    if (got == 0) throw changed();
    write(std::span<const std::byte>(buffer.data(), static_cast<std::size_t>(got)));
  }
  state.flush();
  return Copy::Copied;
}

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
