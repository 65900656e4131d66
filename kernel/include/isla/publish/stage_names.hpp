// SPDX-License-Identifier: MIT
// Every stage is named ".<target name>.isla-stage-<pid>-XXXXXX" beside its
// target, so that the next write of the same target recognises the stages a
// killed process left behind, and every stage this process has open is
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
// Removes the stages of `target` whose process no longer runs; returns them.
std::vector<std::filesystem::path> removeAbandonedStages(const std::filesystem::path& target);

}  // namespace isla
