// SPDX-License-Identifier: MIT
// Atomic publication of one output file: written to a hidden sibling, then
// renamed onto a path that did not exist. On any failure, or when destroyed
// uncommitted, the stage is removed: no partial output is ever visible.
// The stages beside it that killed processes left are removed first
// (stage_names.hpp); an interruption (isla::Interrupted) unwinds the stage
// away.
#pragma once

#include <filesystem>
#include <optional>
#include <span>
#include <vector>

#include "isla/io/byte_writer.hpp"
#include "isla/publish/file_writer.hpp"
#include "isla/base/interrupt.hpp"
#include "isla/publish/stage_names.hpp"

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
  // The stage's writer, for encoders that write onto a FileWriter (PNG).
  FileWriter& file() { return *writer_; }
  // The abandoned stages removed before this one was made, for a note.
  const std::vector<std::filesystem::path>& removedStages() const { return removed_; }

 private:
  void discard() noexcept;

  InterruptDeferral deferral_;  // first: defers the signals before the stage exists, until it is gone
  std::filesystem::path target_;
  std::filesystem::path stage_;
  StageLock lock_;  // held until the stage is published or gone
  bool replace_;
  std::vector<std::filesystem::path> removed_;
  std::optional<FileWriter> writer_;
};

}  // namespace isla
