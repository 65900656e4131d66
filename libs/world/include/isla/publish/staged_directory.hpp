// SPDX-License-Identifier: MIT
// Publication of a directory (TERRAIN_WORLD_V1.md): everything is written
// into a hidden sibling stage, the stage is validated, the previously absent
// target is reserved with mkdir, and the stage is renamed onto that empty
// reservation. On any failure, or when destroyed uncommitted, the stage and
// the reservation are removed: the target appears whole or not at all.
#pragma once

#include <filesystem>

#include "isla/base/interrupt.hpp"
#include "isla/publish/stage_names.hpp"

namespace isla {

class StagedDirectory {
 public:
  // First removes the stages beside the target that killed processes left
  // behind (of any target: stage_names.hpp), with the empty targets they
  // may have reserved; then refuses, before any work, a target that exists,
  // a missing parent and one that is not writable (IoError).
  static void checkTarget(const std::filesystem::path& target);

  explicit StagedDirectory(std::filesystem::path target);
  StagedDirectory(const StagedDirectory&) = delete;
  StagedDirectory& operator=(const StagedDirectory&) = delete;
  ~StagedDirectory();

  const std::filesystem::path& stage() const { return stage_; }
  const std::filesystem::path& target() const { return target_; }

  // Reserves the target and renames the stage onto it (atomic, not durable:
  // nothing is synced, as the contract allows; docs/decisions.md).
  void commit();

 private:
  void discard() noexcept;

  InterruptDeferral deferral_;  // first: it outlives the stage's removal
  std::filesystem::path target_;
  std::filesystem::path stage_;
  StageLock lock_;  // held until the stage is published or gone
  bool committed_ = false;
};

}  // namespace isla
