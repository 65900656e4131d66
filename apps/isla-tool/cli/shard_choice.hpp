// SPDX-License-Identifier: MIT
// --shard K/N, or --shard auto: K and N from the array job's environment,
// Slurm's (SLURM_ARRAY_TASK_ID and SLURM_ARRAY_TASK_COUNT of an array
// --array=0-<N-1>: a task re-submitted alone would count 1, so that is
// refused rather than taken for shard 0 of 1) or a Kubernetes Indexed Job's
// (JOB_COMPLETION_INDEX, with --shard-count N: the Job does not tell it).
#pragma once

#include <functional>
#include <optional>
#include <string>

#include <isla/shard/shard.hpp>

namespace isla::cli {

struct ShardChoice {
  ShardSpec shard;
  std::string from;  // "--shard", or the variables it was read from with their values
};

using Environment = std::function<std::optional<std::string>(const std::string& name)>;

// Throws UsageError saying what is wrong and what it takes.
ShardChoice chooseShard(const std::string& given, std::optional<std::string> count, const Environment& environment);

}  // namespace isla::cli
