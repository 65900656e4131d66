// SPDX-License-Identifier: MIT
// One shard: the world's lattice and edges are built from the sources its
// patches need alone: those whose patch is its own read, validated and
// hashed as the one-machine compile does, the others (whose borders make
// its strips and corners) read for their borders alone. Only its patches
// have their figures computed and their outputs written, and only its
// sources their scenery and water; its record says all the assembly needs.
#include <fcntl.h>
#include <stdio.h>

#include <cerrno>
#include <cmath>
#include <set>

#include "../compile/compile_steps.hpp"
#include "../compile/source_reading.hpp"
#include "isla/base/interrupt.hpp"
#include "isla/base/io_error.hpp"
#include "isla/bundle/source_reader.hpp"
#include "isla/parallel/parallel.hpp"
#include "isla/plugin/plugin_call.hpp"
#include "isla/plugin/shard_exporter.hpp"
#include "isla/publish/staged_directory.hpp"
#include "isla/shard/shard.hpp"
#include "patch_inputs.hpp"
#include "shard_settings.hpp"

#include <sys/stat.h>

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

// The MapSize the split needs, from the layout's first source's PRMS alone
// (a shard may read nothing else of it); none when that cannot be read
// (every source is read then, which says why).
std::optional<std::int32_t> firstMapSize(const Kernel& kernel, const Layout& layout) {
  return readSourceMapSize(layout.sources.front().path, kernel);
}

// What a shard works out before it reads a source: which patches are its
// own and so which sources it reads, and how.
struct ShardPlan {
  std::vector<unsigned> owners;  // by patch; empty until the world's shape is known
  std::optional<std::int32_t> mapSize;
  std::vector<SourceUse> uses;  // by source
};

// The split, from the layout's shape and the first source's MapSize.
ShardPlan planShard(const Kernel& kernel, const Layout& layout, ShardSpec shard) {
  ShardPlan plan;
  plan.mapSize = firstMapSize(kernel, layout);
  if (!plan.mapSize) {
    plan.uses.assign(layout.sources.size(), SourceUse::Whole);
    return plan;
  }
  plan.owners =
      splitPatches(layout.rows, layout.cols,
                   latticeSamples(layout.rows, layout.cols, *plan.mapSize, layout.settings.gapCells), shard.count);
  const std::vector<bool> read = sourcesOfShard(layout.rows, layout.cols, patchesOf(plan.owners, shard.index));
  plan.uses.assign(layout.sources.size(), SourceUse::Unread);
  const auto latticeCols = static_cast<std::size_t>(2 * layout.cols - 1);
  for (std::size_t i = 0; i < plan.uses.size(); ++i) {
    if (!read[i]) continue;
    const auto row = static_cast<std::size_t>(i / static_cast<std::size_t>(layout.cols));
    const auto col = static_cast<std::size_t>(i % static_cast<std::size_t>(layout.cols));
    const bool owned = plan.owners[2 * row * latticeCols + 2 * col] == shard.index;
    plan.uses[i] = owned ? SourceUse::Whole : SourceUse::Borders;
  }
  return plan;
}

// The figures of the patches of other shards, known to be none of this
// shard's business: they are not computed.
std::vector<std::optional<PatchStats>> othersFigures(const std::vector<unsigned>& owners, unsigned index) {
  std::vector<std::optional<PatchStats>> figures(owners.size());
  for (std::size_t p = 0; p < owners.size(); ++p) {
    if (owners[p] != index) figures[p] = PatchStats{};
  }
  return figures;
}

// The world of a shard with patches, from the sources it read; the split
// too, when the first source could not be read for it.
World buildShardWorld(const Kernel& kernel, const Layout& layout, std::vector<LoadedSource> loaded, ShardSpec shard,
                      ShardPlan& plan, unsigned threads, Progress& progress) {
  WorldBuild build(layout, std::move(loaded), threads, progress);
  if (plan.owners.empty()) {
    plan.owners = splitPatches(layout.rows, layout.cols, samplesOfPatches(build.placed()), shard.count);
  }
  return build.finish(kernel.enums(), othersFigures(plan.owners, shard.index));
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

// The record's part about each source this shard owns and each border
// line it took from another's.
void recordSources(ShardRecord& record, const World& world, const Layout& layout, const Diagnostics& diagnostics,
                   const std::vector<SourceUse>& uses, const std::vector<std::size_t>& mine) {
  for (std::size_t i = 0; i < world.sources.size(); ++i) {
    const WorldSource& source = world.sources[i];
    if (uses[i] == SourceUse::Whole) {
      struct stat status {};
      if (::stat(layout.sources[i].path.c_str(), &status) != 0) throwSystemError(layout.sources[i].path, "read", errno);
      ShardRecord::Source out;
      out.index = i;
      out.id = source.id;
      out.file = source.file;
      out.bytes = static_cast<std::uint64_t>(status.st_size);
      out.modifiedNs = static_cast<std::int64_t>(status.st_mtim.tv_sec) * 1000000000 + status.st_mtim.tv_nsec;
      out.sha256 = source.sha256;
      out.format = source.format;
      if (source.bundle) {
        out.bundleId = source.bundle->metadata.bundleId;
        out.members = source.bundle->members;
      }
      for (const Side side : kSides) out.borders[static_cast<std::size_t>(side)] = borderDigest(world, i, side);
      const std::string file = layout.sources[i].path.string(), members = memberLocation(file, "");
      for (const Diagnostic& d : diagnostics.items()) {
        if (d.severity != Severity::Error && (d.file == file || d.file.starts_with(members))) out.diagnostics.push_back(d);
      }
      for (const WorldWarning& warning : world.warnings) {
        if (warning.subject == source.id && warning.code.starts_with("water.")) out.waterWarnings.push_back(warning);
      }
      for (const WaterRegion& region : world.waterRegions) {
        if (region.source == i) out.waterRegions.push_back(region);
      }
      out.scenery = world.scenery[i];
      record.sources.push_back(std::move(out));
    }
  }
  std::set<std::pair<std::size_t, Side>> read;
  for (const std::size_t p : mine) {
    for (const auto& border : facingBorders(world, world.patches[p])) {
      if (uses[border.first] == SourceUse::Borders) read.insert(border);
    }
  }
  for (const auto& [source, side] : read) record.bordersRead.push_back({source, side, borderDigest(world, source, side)});
}

// The record's part about each patch of this shard and each edge it owns.
void recordPatches(ShardRecord& record, const World& world, const std::vector<std::size_t>& mine, PatchReach reach,
                   const std::string& enumTable) {
  std::vector<bool> patchMine(world.patches.size(), false);
  for (const std::size_t p : mine) patchMine[p] = true;
  for (const std::size_t p : mine) {
    const Patch& patch = world.patches[p];
    ShardRecord::PatchFigures figures{p, patch.id, world.stats[p], patchInputKey(record, world, p, reach, enumTable), {}};
    for (const Side side : kSides) {
      if (const auto& e = patch.edges[static_cast<std::size_t>(side)]) {
        figures.sides[static_cast<std::size_t>(side)] = lineDigest(world.edges[*e].heights, world.edges[*e].normals);
      }
    }
    record.patches.push_back(std::move(figures));
  }
  for (std::size_t e = 0; e < world.edges.size(); ++e) {
    const Edge& edge = world.edges[e];
    if (patchMine[edge.owner]) record.edges.push_back({e, edge.id, edge.heights, edge.normals});
  }
}

// A shared edge's normals are unit and point up, as the format requires:
// checked here, where they are made, since no validator reads a shard.
void checkNormals(const ShardRecord& record) {
  for (const auto& edge : record.edges) {
    for (std::size_t i = 0; i < edge.normals.size(); ++i) {
      const Normal& n = edge.normals[i];
      const double length = std::sqrt(n.x * n.x + n.y * n.y + n.z * n.z);
      if (!(std::abs(length - 1) <= 1e-9) || !(n.y > 0)) {
        throw CompileError("edge " + edge.id + " has a normal at sample " + std::to_string(i) +
                               " that is not a unit vector pointing up (a bug: please report it with the layout)",
                           {});
      }
    }
  }
}

}  // namespace

ShardResult compileShard(const Kernel& kernel, const CompileRequest& request, ShardSpec shard,
                         const std::filesystem::path& shardDir, Progress& progress) {
  if (shard.count < 1 || shard.count > kMaxShards || shard.index >= shard.count) {
    throw RequestError(RequestField::Shard,
                       "shard " + std::to_string(shard.index) + "/" + std::to_string(shard.count) +
                           " does not exist: give K/N with 0 <= K < N <= " + std::to_string(kMaxShards));
  }
  const ChosenExporter chosen = chooseExporter(kernel, request);
  const ShardExporter* exporter = shardExporter(chosen.exporter);
  if (!exporter) {
    throw RequestError(RequestField::Shard,
                       chosen.who + " cannot shard its output; compile on one machine without " + RequestField::Shard);
  }
  std::error_code ignored;
  std::filesystem::create_directory(shardDir, ignored);
  const std::filesystem::path target = shardDirectory(shardDir, shard.index);
  const bool rerun = std::filesystem::exists(std::filesystem::symlink_status(target));
  const std::filesystem::path publishAs = rerun ? rerunName(target) : target;
  if (rerun) std::filesystem::remove_all(publishAs);  // left by a run killed between publishing and swapping
  StagedDirectory::checkTarget(publishAs);
  const unsigned threads = resolveThreads(request.threads);
  ShardRecord record = recordOfRequest(kernel, chosen, request, shard);

  // The split says which patches are this shard's and so which sources it
  // reads, and how; the patches of the others' are not computed.
  const RequestedLayout layout = loadRequestedLayout(kernel, request);
  ShardPlan plan = planShard(kernel, layout.layout, shard);
  SourceReading reading(kernel, layout.layout, request.validatorOptions, plan.uses, threads);
  reading.hash();
  ProgressRange preparing(progress, 0.0, 0.55), loading(preparing, 0.0, 0.55), building(preparing, 0.55, 1.0);
  ReadSources read = reading.read({}, loading);
  Diagnostics diagnostics = checkedSources(layout.layout, layout.diagnostics, read);
  World finished = plan.mapSize && patchesOf(plan.owners, shard.index).empty()
                       ? worldFrame(layout.layout, *plan.mapSize)
                       : buildShardWorld(kernel, layout.layout, std::move(read.loaded), shard, plan, threads, building);
  const std::vector<std::string> digests = reading.digests();
  for (std::size_t i = 0; i < digests.size(); ++i) finished.sources[i].sha256 = digests[i];
  BuiltWorld built = builtWorld(std::move(finished), layout.layout, std::move(diagnostics), reading.files());
  if (plan.mapSize && built.world.mapSize != *plan.mapSize) {
    throw CompileError("the sources of one world need one MapSize, but '" + built.world.sources.front().id +
                           "' has " + std::to_string(*plan.mapSize) + " and this shard's have " +
                           std::to_string(built.world.mapSize) + "; regenerate or replace the odd ones",
                       {});
  }
  record.mapSize = built.world.mapSize;
  const std::vector<std::uint64_t> samples = samplesOfPatches(built.world);
  const std::vector<std::size_t> mine = patchesOf(plan.owners, shard.index);
  const World& world = built.world;

  StagedDirectory stage(publishAs);
  const std::filesystem::path notes = stage.stage() / kShardNotesDirectory;
  createDirectory(notes);
  ProgressRange writing(progress, 0.55, 0.95);
  std::map<std::string, std::string> written;
  callPlugin(chosen.who, "writing its shard", [&] {
    written = exporter->writePatches(ExportInput{world, kernel.enums(), chosen.options, threads, writing}, mine,
                                     stage.stage(), notes, built.diagnostics);
  });
  checkInterrupted();
  recordSources(record, world, layout.layout, built.diagnostics, plan.uses, mine);
  recordPatches(record, world, mine, patchReach(*exporter), enumTableId(kernel));
  checkNormals(record);
  ShardResult result;
  for (const std::size_t p : mine) result.samples += samples[p];
  record.outputs = filesBelow(stage.stage(), written, threads);
  record.notes = filesBelow(notes, notesWritten(written), threads);
  writeShardRecord(stage.stage(), record);
  checkUnchanged(built.files);
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
