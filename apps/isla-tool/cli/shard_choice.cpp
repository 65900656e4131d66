// SPDX-License-Identifier: MIT
#include "cli/shard_choice.hpp"

#include <charconv>

#include "cli/invocation.hpp"

namespace isla::cli {

namespace {

// A whole decimal number with nothing around it.
std::optional<unsigned> wholeNumber(const std::string& text) {
  unsigned value = 0;
  const char* end = text.data() + text.size();
  const auto [stop, error] = std::from_chars(text.data(), end, value);
  if (text.empty() || error != std::errc() || stop != end) return std::nullopt;
  return value;
}

ShardSpec checked(std::optional<unsigned> index, std::optional<unsigned> count, const std::string& what,
                  const std::string& hint = "") {
  if (!index || !count || *count < 1 || *count > kMaxShards || *index >= *count) {
    throw UsageError(what + " is not a shard K of N: K counts from 0, 0 <= K < N <= " + std::to_string(kMaxShards) +
                     hint);
  }
  return ShardSpec{*index, *count};
}

std::string variable(const std::string& name, const std::string& value) { return name + "=" + value; }

ShardChoice fromEnvironment(std::optional<std::string> count, const Environment& environment) {
  const auto slurmId = environment("SLURM_ARRAY_TASK_ID");
  const auto slurmCount = environment("SLURM_ARRAY_TASK_COUNT");
  if (slurmId && slurmCount) {
    if (count) throw UsageError("--shard-count is for a Kubernetes Indexed Job; Slurm gives SLURM_ARRAY_TASK_COUNT");
    std::string from =
        variable("SLURM_ARRAY_TASK_ID", *slurmId) + ", " + variable("SLURM_ARRAY_TASK_COUNT", *slurmCount);
    return {checked(wholeNumber(*slurmId), wholeNumber(*slurmCount), "the Slurm array task (" + from + ")",
                    "; submit the array as --array=0-<N-1>, and re-run one task with scontrol requeue <JOBID>_<K> "
                    "or --shard K/N"),
            from};
  }
  if (const auto index = environment("JOB_COMPLETION_INDEX")) {
    if (!count) {
      throw UsageError("--shard auto found JOB_COMPLETION_INDEX=" + *index +
                       " (a Kubernetes Indexed Job), which does not tell the count: give --shard-count N, the Job's "
                       "completions");
    }
    std::string from = variable("JOB_COMPLETION_INDEX", *index) + ", --shard-count " + *count;
    const std::string what = "JOB_COMPLETION_INDEX=" + *index + " of --shard-count " + *count;
    return {checked(wholeNumber(*index), wholeNumber(*count), what), from};
  }
  throw UsageError("--shard auto takes K and N from a Slurm array task (SLURM_ARRAY_TASK_ID and "
                   "SLURM_ARRAY_TASK_COUNT) or a Kubernetes Indexed Job (JOB_COMPLETION_INDEX with --shard-count N), "
                   "and none is set; give --shard K/N");
}

}  // namespace

ShardChoice chooseShard(const std::string& given, std::optional<std::string> count, const Environment& environment) {
  if (given == "auto") return fromEnvironment(std::move(count), environment);
  if (count) throw UsageError("--shard-count goes with --shard auto in a Kubernetes Indexed Job");
  const auto slash = given.find('/');
  const std::string what = "--shard '" + given + "'";
  if (slash == std::string::npos) checked(std::nullopt, std::nullopt, what);
  return {checked(wholeNumber(given.substr(0, slash)), wholeNumber(given.substr(slash + 1)), what), "--shard"};
}

}  // namespace isla::cli
