// SPDX-License-Identifier: MIT
// One shard: the whole world is built (every source is read and checked, as
// the one-machine compile does, so that a shard refuses what it refuses),
// but only this shard's patches have their figures computed and their
// outputs written.
#include <fcntl.h>
#include <stdio.h>

#include <cerrno>

#include "compile_steps.hpp"
#include "isla/base/interrupt.hpp"
#include "isla/base/io_error.hpp"
#include "isla/export/shard_exporter.hpp"
#include "isla/jobs/shard.hpp"
#include "isla/parallel/parallel.hpp"
#include "isla/plugin/plugin_call.hpp"
#include "isla/publish/staged_directory.hpp"
#include "shard_settings.hpp"

namespace isla {

namespace {

std::vector<std::uint64_t> samplesOfPatches(const World& world) {
  std::vector<std::uint64_t> samples;
  for (const Patch& patch : world.patches) {
    samples.push_back(static_cast<std::uint64_t>(patch.pointsX) * static_cast<std::uint64_t>(patch.pointsZ));
  }
  return samples;
}

// The name a re-run publishes under before it swaps with the old shard.
std::filesystem::path rerunName(const std::filesystem::path& target) {
  return target.parent_path() / ("." + target.filename().string() + ".rerun");
}

// A re-run replaces the old shard in one rename (RENAME_EXCHANGE); on a
// filesystem without it, in two, between which an assembly finds the shard
// missing and refuses, never a mix.
void replaceShard(const std::filesystem::path& fresh, const std::filesystem::path& target) {
  if (::renameat2(AT_FDCWD, fresh.c_str(), AT_FDCWD, target.c_str(), RENAME_EXCHANGE) != 0) {
    if (errno != EINVAL && errno != ENOSYS) throwSystemError(target, "replace the shard", errno);
    const auto old = rerunName(target).string() + ".old";
    std::filesystem::remove_all(old);
    if (::rename(target.c_str(), old.c_str()) != 0) throwSystemError(target, "move aside the old shard", errno);
    if (::rename(fresh.c_str(), target.c_str()) != 0) throwSystemError(target, "publish the shard", errno);
    std::filesystem::remove_all(old);
    return;
  }
  std::filesystem::remove_all(fresh);
}

}  // namespace

ShardResult compileShard(const Kernel& kernel, const CompileRequest& request, ShardSpec shard,
                         const std::filesystem::path& shardDir, Progress& progress) {
  if (shard.count < 1 || shard.count > kMaxShards || shard.index >= shard.count) {
    throw CompileError("shard " + std::to_string(shard.index) + "/" + std::to_string(shard.count) +
                           " does not exist: give K/N with 0 <= K < N <= " + std::to_string(kMaxShards),
                       {});
  }
  const ChosenExporter chosen = chooseExporter(kernel, request);
  const ShardExporter* exporter = shardExporter(chosen.exporter);
  if (!exporter) {
    throw CompileError(chosen.who + " cannot shard its output; compile on one machine without --shard", {});
  }
  std::error_code ignored;
  std::filesystem::create_directory(shardDir, ignored);
  const std::filesystem::path target = shardDirectory(shardDir, shard.index);
  const bool rerun = std::filesystem::exists(std::filesystem::symlink_status(target));
  const std::filesystem::path publishAs = rerun ? rerunName(target) : target;
  if (rerun) std::filesystem::remove_all(publishAs);  // left by a run killed between publishing and swapping
  StagedDirectory::checkTarget(publishAs);
  const unsigned threads = resolveThreads(request.threads);
  ShardRecord record = recordOfRequest(request, shard);

  std::vector<unsigned> owners;  // by patch, once the lattice is known
  const KnownFigures othersUnmade = [&](const World& world, std::size_t patch) -> std::optional<PatchStats> {
    if (owners.empty()) owners = splitPatches(samplesOfPatches(world), shard.count);
    if (owners[patch] == shard.index) return std::nullopt;
    return PatchStats{};
  };
  ProgressRange building(progress, 0.0, 0.55);
  BuiltWorld built = buildRequestedWorld(kernel, request, threads, building, othersUnmade);
  const World& world = built.world;
  const std::vector<std::uint64_t> samples = samplesOfPatches(world);
  std::vector<std::size_t> mine;
  for (std::size_t p = 0; p < owners.size(); ++p) {
    if (owners[p] == shard.index) mine.push_back(p);
  }

  StagedDirectory stage(publishAs);
  const std::filesystem::path notes = stage.stage() / kShardNotesDirectory;
  createDirectory(notes);
  ProgressRange writing(progress, 0.55, 0.95);
  callPlugin(chosen.who, "writing its shard", [&] {
    exporter->writePatches(ExportInput{world, kernel.enums(), chosen.options, threads, writing}, mine, stage.stage(),
                           notes, built.diagnostics);
  });
  checkInterrupted();
  for (const WorldSource& source : world.sources) record.sources.push_back({source.id, source.sha256});
  ShardResult result;
  for (const std::size_t p : mine) {
    record.patches.push_back({p, world.patches[p].id, world.stats[p]});
    result.samples += samples[p];
  }
  record.outputs = filesBelow(stage.stage());
  record.notes = filesBelow(notes);
  writeShardRecord(stage.stage() / kShardRecordName, record);
  checkInterrupted();
  stage.commit();
  if (rerun) replaceShard(publishAs, target);
  progress.update(1.0);

  result.patches = mine.size();
  result.output = target;
  for (const auto& d : built.diagnostics.items()) {
    if (d.severity != Severity::Error) result.diagnostics.add(d);
  }
  return result;
}

}  // namespace isla
