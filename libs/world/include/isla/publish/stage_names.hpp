// SPDX-License-Identifier: MIT
// Every stage is named ".<target name>.isla-stage-<pid>-XXXXXX" beside its
// target, so that the next write of the same target recognises the stages
// (and the reservations of the target) a killed process left behind, and every stage this process has open is
// known to the interrupt handling.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace isla {

// The directory a target and its stages are in ("." for a bare name).
std::filesystem::path targetDirectory(const std::filesystem::path& target);
// The mkstemp/mkdtemp template of a new stage of `target`.
std::string stageTemplate(const std::filesystem::path& target);
// The record that a stage's process reserved `target` (made it, empty, to
// rename the stage onto): "<stage>.reserved" beside the stage, holding the
// target's device and inode.
std::filesystem::path reservationRecord(const std::filesystem::path& stage);
void recordReservation(const std::filesystem::path& stage, const std::filesystem::path& target);
// Removes the stages of `target` whose process no longer runs, and their
// reservation records with the empty target each one still names; returns
// what it removed.
std::vector<std::filesystem::path> removeAbandonedStages(const std::filesystem::path& target);

}  // namespace isla
