// SPDX-License-Identifier: MIT
// Atomic publication of one output file: written to a hidden sibling, then
// renamed onto a path that did not exist. On any failure, or when destroyed
// uncommitted, the stage is removed: no partial output is ever visible.
#pragma once

#include <filesystem>
#include <span>
#include <vector>

#include "isla/byte_writer.hpp"

namespace isla {

class StagedFile final : public ByteSink {
 public:
  // Refuses, before any work, a target that exists (unless `replace`), a
  // missing parent directory and one that is not writable. Throws IoError.
  static void checkTarget(const std::filesystem::path& target, bool replace);

  StagedFile(std::filesystem::path target, bool replace);
  StagedFile(const StagedFile&) = delete;
  StagedFile& operator=(const StagedFile&) = delete;
  ~StagedFile() override;

  void write(std::span<const std::byte> bytes) override;
  // Flushes, syncs and renames the stage onto the target. Throws IoError.
  void commit();

  const std::filesystem::path& stagePath() const { return stage_; }

 private:
  void writeAll(std::span<const std::byte> bytes);
  void flush();
  void discard() noexcept;

  std::filesystem::path target_;
  std::filesystem::path stage_;
  bool replace_;
  int fd_ = -1;
  std::vector<std::byte> buffer_;
};

}  // namespace isla
