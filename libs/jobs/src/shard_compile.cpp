// SPDX-License-Identifier: MIT
// One shard: the world's lattice and edges are built from the sources its
// patches need alone (each read and checked as the one-machine compile
// does), and only its patches have their figures computed and their
// outputs written.
#include <fcntl.h>
#include <stdio.h>

#include <cerrno>

#include "compile_steps.hpp"
#include "isla/bundle/source_reader.hpp"
#include "isla/base/interrupt.hpp"
#include "isla/base/io_error.hpp"
#include "isla/plugin/shard_exporter.hpp"
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

// The patches the split gives shard `index`, increasing.
std::vector<std::size_t> patchesOf(const std::vector<unsigned>& owners, unsigned index) {
  std::vector<std::size_t> patches;
  for (std::size_t p = 0; p < owners.size(); ++p) {
    if (owners[p] == index) patches.push_back(p);
  }
  return patches;
}

// The MapSize the split needs, from the layout's first source, read but
// neither validated nor hashed; none when it cannot be read (every source
// is read then, which says why).
std::optional<std::int32_t> firstMapSize(const Kernel& kernel, const Layout& layout) {
  const SourceBlueprint first = readSourceBlueprint(layout.sources.front().path, kernel);
  if (!first.load.ok()) return std::nullopt;
  return first.load.blueprint->mapSize;
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

  // The split, from the layout's shape and the first source's MapSize, says
  // which patches are this shard's and so which sources it reads.
  std::vector<unsigned> owners;  // by patch
  std::optional<std::int32_t> splitMapSize;
  std::vector<bool> read;  // by source
  const SourceSelection needed = [&](const Layout& layout) {
    splitMapSize = firstMapSize(kernel, layout);
    if (!splitMapSize) return read = std::vector<bool>(layout.sources.size(), true);
    owners = splitPatches(latticeSamples(layout.rows, layout.cols, *splitMapSize, layout.settings.gapCells),
                          shard.count);
    return read = sourcesOfShard(layout.rows, layout.cols, patchesOf(owners, shard.index));
  };
  const KnownFigures othersUnmade = [&](const World& world, std::size_t patch) -> std::optional<PatchStats> {
    if (owners.empty()) owners = splitPatches(samplesOfPatches(world), shard.count);
    if (owners[patch] == shard.index) return std::nullopt;
    return PatchStats{};
  };
  ProgressRange building(progress, 0.0, 0.55);
  BuiltWorld built = buildRequestedWorld(kernel, request, threads, building, othersUnmade, needed);
  const World& world = built.world;
  if (splitMapSize && world.mapSize != *splitMapSize) {
    throw CompileError("the sources of one world need one MapSize, but '" + world.sources.front().id + "' has " +
                           std::to_string(*splitMapSize) + " and this shard's have " +
                           std::to_string(world.mapSize) + "; regenerate or replace the odd ones",
                       {});
  }
  const std::vector<std::uint64_t> samples = samplesOfPatches(world);
  const std::vector<std::size_t> mine = patchesOf(owners, shard.index);

  StagedDirectory stage(publishAs);
  const std::filesystem::path notes = stage.stage() / kShardNotesDirectory;
  createDirectory(notes);
  ProgressRange writing(progress, 0.55, 0.95);
  callPlugin(chosen.who, "writing its shard", [&] {
    exporter->writePatches(ExportInput{world, kernel.enums(), chosen.options, threads, writing}, mine, stage.stage(),
                           notes, built.diagnostics);
  });
  checkInterrupted();
  for (std::size_t i = 0; i < world.sources.size(); ++i) {
    if (read[i]) record.sources.push_back({world.sources[i].id, world.sources[i].sha256});
  }
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
