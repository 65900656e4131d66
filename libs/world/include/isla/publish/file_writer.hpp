// SPDX-License-Identifier: MIT
// A file being written, the one write path of every output: buffered, every
// write checked (a full disk, a file-size limit, EINTR), checkInterrupted()
// at each flush, and the bytes' SHA-256 kept on the way.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <span>
#include <string>
#include <string_view>

#include "isla/io/byte_writer.hpp"

namespace isla {

class FileWriter final : public ByteSink {
 public:
  // Whether the bytes' SHA-256 is kept: a manifest lists its files' digests;
  // the bulk files no manifest lists (meshes, tiles) skip the hashing, a
  // tenth of such an export's CPU.
  enum class Digest : std::uint8_t { Sha256, None };

  // Creates `path`, which must not exist (O_EXCL), mode 0666 & ~umask.
  // Throws IoError naming the file and what to do.
  static FileWriter create(const std::filesystem::path& path, Digest digest = Digest::Sha256);
  // Adopts an open descriptor (a stage made by mkstemp). Errors name
  // `shownAs` (the target a stage publishes), or `path` when it is empty.
  FileWriter(int fd, std::filesystem::path path, std::filesystem::path shownAs = {});
  FileWriter(FileWriter&&) noexcept;
  FileWriter& operator=(FileWriter&&) = delete;
  ~FileWriter() override;  // closes without syncing when not closed

  void write(std::span<const std::byte> bytes) override;
  void write(std::string_view text);
  // The pieces one after the other, handed to the kernel as they are
  // (writev), never copied into the buffer: a file made of large blocks
  // already in memory (a .glb's chunks) costs no copy of ours.
  void writeGathered(std::span<const std::span<const std::byte>> pieces);

  // How copyFrom put the bytes: cloned (FICLONE: the filesystem shares the
  // blocks, copy-on-write, until either file is written) or copied.
  enum class Copy : std::uint8_t { Cloned, Copied };
  // Makes this file, empty so far and created with Digest::None, hold the
  // first `bytes` bytes of the open regular file `from`, as a file of its
  // own: a clone where the filesystem makes one, else a copy in the kernel
  // (copy_file_range), else through a buffer; an interruption is noticed
  // between pieces. Throws IoError naming this file as write() does, or
  // naming `fromPath` when it cannot be read or holds fewer bytes.
  Copy copyFrom(int from, std::uint64_t bytes, const std::filesystem::path& fromPath);
  std::uint64_t size() const;  // bytes written so far
  const std::filesystem::path& path() const;

  // Flushes, fsyncs when `sync`, closes; returns the SHA-256 (lower-case hex)
  // of every byte written, or "" when created with Digest::None. Throws IoError. Only a file that replaces another
  // is synced (StagedFile); the files of a staged directory are not, since
  // its publication is atomic but not durable (docs/decisions.md).
  std::string close(bool sync = false);

 private:
  FileWriter(int fd, std::filesystem::path path, std::filesystem::path shownAs, Digest digest);

  struct State;
  std::unique_ptr<State> state_;
};

}  // namespace isla
