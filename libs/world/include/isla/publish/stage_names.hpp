// SPDX-License-Identifier: MIT
// Every stage is named ".<target name>.isla-stage-<pid>-XXXXXX" beside its
// target and locked (flock) by its writer until it is published or
// removed, so that a later write beside it recognises the stages (and the
// reservations of targets) that killed processes left, whatever target they
// were for, and leaves those of live writers alone, also writers in another
// pid namespace sharing the directory (the pods of a Kubernetes job); and
// every stage this process has open is known to the interrupt handling.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace isla {

// The directory a target and its stages are in ("." for a bare name).
std::filesystem::path targetDirectory(const std::filesystem::path& target);
// The mkstemp/mkdtemp template of a new stage of `target`.
std::string stageTemplate(const std::filesystem::path& target);

// The lock a writer holds on its stage for as long as this lives.
class StageLock {
 public:
  StageLock() = default;
  explicit StageLock(int fd) : fd_(fd) {}
  StageLock(StageLock&& other) noexcept;
  StageLock& operator=(StageLock&& other) noexcept;
  StageLock(const StageLock&) = delete;
  StageLock& operator=(const StageLock&) = delete;
  ~StageLock();

 private:
  int fd_ = -1;
};

enum class StageKind : bool { File, Directory };

struct NewStage {
  std::filesystem::path path;
  int fd = -1;  // a file stage's descriptor, open for writing (the caller's); -1 for a directory
  StageLock lock;
};

// A new stage of `target` (mkostemp or mkdtemp), locked. One that another
// process's sweep took between its making and its locking is left to that
// sweep, and another made. Throws IoError naming the target.
NewStage makeStage(const std::filesystem::path& target, StageKind kind);

// The record that a stage's process reserved `target` (made it, empty, to
// rename the stage onto): "<stage>.reserved" beside the stage, holding the
// target's device and inode.
std::filesystem::path reservationRecord(const std::filesystem::path& stage);
void recordReservation(const std::filesystem::path& stage, const std::filesystem::path& target);
// Removes the stages beside `target`, of any target, that no live process
// holds (no lock held, and no process of the pid in the name here), with
// their reservation records and the empty targets those still name; a
// stage that cannot be locked at all (a filesystem without locks) goes by
// its pid alone, and only when it is `target`'s own. Returns what it removed.
std::vector<std::filesystem::path> removeAbandonedStages(const std::filesystem::path& target);

}  // namespace isla
