// SPDX-License-Identifier: MIT
// A compile through the patch cache (docs/decisions.md, The incremental
// compile's patch cache): every source is read, validated and hashed as in
// any compile; each patch's key is made from what its outputs are made
// from, and a patch whose key the cache holds takes its report figures
// from the entry's sealed list and its files from the entry, each byte
// checked; the others are written one by one as a shard of one patch
// writes them (checked as they are written), stored, and placed. The
// shared documents are then written from the whole world and every
// patch's notes (an exporter that assembles across patches, 3D Tiles,
// leaves them), as the assembly of shards writes them, and the stage
// published. The whole package is then kept as one entry too, so that a
// compile whose every input is as the cache remembers it places it whole
// (world_entry.hpp).

#include "isla/cache/cached_compile.hpp"

#include <algorithm>
#include <cerrno>
#include <cstdio>

#include "../compile/compile_steps.hpp"
#include "../compile/source_reading.hpp"
#include "../shard/patch_inputs.hpp"
#include "../shard/shard_settings.hpp"
#include "isla/document/bits_text.hpp"
#include "isla/base/interrupt.hpp"
#include "isla/base/io_error.hpp"
#include "isla/parallel/parallel.hpp"
#include "isla/plugin/plugin_call.hpp"
#include "isla/plugin/shard_exporter.hpp"
#include "remembered_sources.hpp"
#include "world_entry.hpp"

namespace isla {

namespace {

namespace fs = std::filesystem;

// Where each computed patch is written before its files move into the
// stage, in the stage: one folder for all of them, with its folder of
// notes (a folder made costs more than a file written on a filesystem that
// has just removed many), emptied after each patch (an exporter writes
// into a folder without its own subfolders).
constexpr const char* kScratchName = ".patch-being-cached";
// Where each patch's notes for the assembly are placed, a folder a patch
// (by index), in the stage until the shared documents are written.
constexpr const char* kNotesName = ".patch-notes";

// A folder of the stage that goes before the stage is published, or with it.
struct RemovedFolder {
  fs::path path;
  ~RemovedFolder() {
    std::error_code ignored;
    fs::remove_all(path, ignored);
  }
};

// An entry's notes are its files below this folder (as in a shard's stage).
const std::string kEntryNotes = std::string(kShardNotesDirectory) + "/";

// Where a patch's entry has each file: the package's in the stage, its
// notes in the patch's own folder of notes.
EntryPlace placement(const fs::path& stage, const fs::path& patchNotes) { return {stage, kEntryNotes, patchNotes}; }

// An entry's note: the patch's report figures as the bits of their doubles.
std::string figuresNote(const PatchStats& stats) {
  return "figures " + bitsText(stats.minHeightM) + " " + bitsText(stats.maxHeightM) + " " +
         bitsText(stats.maxSlopeDeg) + " " + bitsText(stats.overshootM);
}

std::optional<PatchStats> figuresOf(const std::string& note) {
  constexpr std::string_view kPrefix = "figures ";
  if (!note.starts_with(kPrefix)) return std::nullopt;
  std::string_view rest = std::string_view(note).substr(kPrefix.size());
  double values[4];
  for (std::size_t i = 0; i < 4; ++i) {
    if (i > 0) {
      if (!rest.starts_with(' ')) return std::nullopt;
      rest.remove_prefix(1);
    }
    if (!takeBits(rest, values[i])) return std::nullopt;
  }
  if (!rest.empty()) return std::nullopt;
  return PatchStats{values[0], values[1], values[2], values[3]};
}

Diagnostic cacheWarning(const std::string& code, const std::string& message) {
  return Diagnostic{.severity = Severity::Warning, .code = code, .message = message};
}

Diagnostic damaged(const Patch& patch, const std::string& damage) {
  return cacheWarning("cache.damaged", "the cache's entry of patch " + patch.id + " was damaged (" + damage +
                                           "): it was removed, and the patch computed again");
}

// What each patch of the world is, for the cache: its key, the entry that
// key holds when its list is sound, and then the figures that entry gives.
struct PatchesInCache {
  std::vector<std::string> keys;
  std::vector<std::optional<CacheEntry>> entries;
  std::vector<std::optional<PatchStats>> figures;
};

// Each patch's key, from the world as its sources are placed (a strip's or
// corner's key names the source borders facing it), and what the cache
// holds under it; a damaged entry is said in `notes`.
PatchesInCache lookUpPatches(const PatchCache& cache, const ShardRecord& who, const World& placed, PatchReach reach,
                             const std::string& enumTable, Diagnostics& notes) {
  const std::size_t count = placed.patches.size();
  PatchesInCache inCache{std::vector<std::string>(count), std::vector<std::optional<CacheEntry>>(count),
                         std::vector<std::optional<PatchStats>>(count)};
  for (std::size_t p = 0; p < count; ++p) {
    inCache.keys[p] = patchInputKey(who, placed, p, reach, enumTable);
    std::optional<CacheEntry> entry;
    try {
      entry = cache.look(inCache.keys[p]);
    } catch (const CacheDamaged& damage) {
      notes.add(damaged(placed.patches[p], damage.what()));
    }
    inCache.figures[p] = entry ? figuresOf(entry->note) : std::nullopt;
    if (inCache.figures[p]) inCache.entries[p] = std::move(entry);
  }
  return inCache;
}

// Where a compile through the cache writes the patches it computes: each
// alone into the scratch folder, as a shard of one patch, its files then
// moved into the stage and its notes below its own folder of notes, and
// stored in the cache.
class PatchWriting {
 public:
  PatchWriting(const ShardExporter& exporter, const ChosenExporter& chosen, const PatchCache& cache,
               const BuiltWorld& built, const fs::path& stage, const fs::path& scratch, const fs::path& notes)
      : exporter_(exporter), chosen_(chosen), cache_(cache), built_(built), stage_(stage), scratch_(scratch),
        notes_(notes) {}

  // Writes `patch`, stores it under `key` (a full disk: a warning in
  // `out`, the compile goes on); returns its files by path with their SHA-256.
  std::map<std::string, std::string> write(const ExportInput& input, std::size_t patch, const std::string& key,
                                           Diagnostics& out) const {
    const fs::path scratchNotes = scratch_ / kShardNotesDirectory;
    std::map<std::string, std::string> written;
    callPlugin(chosen_.who, "writing patch " + input.world.patches[patch].id, [&] {
      written = exporter_.writePatches(input, {patch}, scratch_, scratchNotes, out);
    });
    if (patchExporter(exporter_) && !fs::is_empty(scratchNotes)) {
      throw CompileError(chosen_.who + " left notes for an assembly, which an exporter whose patches stand alone "
                                       "does not (a bug: please report it); nothing was published",
                         {});
    }
    const auto where = placement(stage_, notes_ / std::to_string(patch));
    CacheEntry entry{{}, figuresNote(input.world.stats[patch])};
    std::map<std::string, std::string> placed;
    const auto move = [&](const fs::path& from, const std::string& path) {
      const fs::path to = where.of(path);
      fs::create_directories(to.parent_path());
      if (::rename(from.c_str(), to.c_str()) != 0) throwSystemError(to, "move '" + from.string() + "' to", errno);
    };
    for (const ShardRecord::File& file : filesBelow(scratch_, written, input.threads)) {
      entry.files.push_back({file.path, file.bytes, file.sha256});
      move(scratch_ / file.path, file.path);
      placed.emplace(file.path, file.sha256);
    }
    for (const ShardRecord::File& file : filesBelow(scratchNotes, notesWritten(written), input.threads)) {
      entry.files.push_back({kEntryNotes + file.path, file.bytes, file.sha256});
      move(scratchNotes / file.path, kEntryNotes + file.path);
    }
    for (const auto& left : fs::directory_iterator(scratch_)) {  // folders the files moved out of
      if (left.path() != scratchNotes) fs::remove_all(left.path());
    }
    for (const auto& left : fs::directory_iterator(scratchNotes)) fs::remove_all(left.path());
    checkUnchanged(built_.files);  // an entry is never made from a source changed under it
    try {
      cache_.store(key, where, entry);
    } catch (const CacheNotKept& notKept) {
      out.add(cacheWarning("cache.not-stored", "patch " + input.world.patches[patch].id +
                                                   " was not stored in the cache " + cache_.directory().string() +
                                                   " (" + notKept.what() +
                                                   "); the package is whole, and the next "
                                                   "compile computes it again"));
    }
    return placed;
  }

 private:
  const ShardExporter& exporter_;
  const ChosenExporter& chosen_;
  const PatchCache& cache_;
  const BuiltWorld& built_;
  fs::path stage_, scratch_, notes_;
};

// The whole package placed from its entry and published, when every
// source is as the cache remembers it and the cache holds a sound entry
// of that world; none otherwise (a damaged entry or record said in `out`).
std::optional<CachedCompileResult> publishedWhole(const WorldEntry& whole, const RememberedSources& remembered,
                                                  const PatchCache& cache, const CompileRequest& request,
                                                  const CacheRequest& bound, Progress& progress, Diagnostics& out) {
  const auto key = whole.keyOfRemembered(remembered, out);
  if (!key) return std::nullopt;
  StagedDirectory stage(request.output);
  auto placed = whole.place(cache, *key, stage.stage(), out);
  if (!placed) return std::nullopt;
  checkInterrupted();
  stage.commit();
  progress.update(1.0);
  placed->output = stage.target();
  placed->diagnostics.append(out);
  cache.trim(bound.maxBytes);
  return placed;
}

// The path as the filesystem resolves it, without a trailing separator.
fs::path resolved(const fs::path& path) {
  fs::path full = fs::weakly_canonical(fs::absolute(path));
  return full.has_filename() ? full : full.parent_path();
}

// True when `inner` is `outer` or below it.
bool isWithin(const fs::path& inner, const fs::path& outer) {
  const auto [stop, rest] = std::mismatch(outer.begin(), outer.end(), inner.begin(), inner.end());
  return stop == outer.end();
}

// A cache is a directory of its own: never empty (that is no cache), and
// never the output or inside it (the package's publication would find it
// there, or take it along), nor holding it (a trim or clear would meet the
// package). Refused before anything is made.
void checkCacheApart(const CompileRequest& request, const CacheRequest& bound) {
  if (bound.directory.empty()) {
    throw RequestError(RequestField::Cache, RequestText() + RequestField::Cache + " is empty; give the cache's directory");
  }
  if (request.output.empty()) return;  // refused as an output (StagedDirectory::checkTarget)
  const fs::path cache = resolved(bound.directory), output = resolved(request.output);
  if (isWithin(cache, output) || isWithin(output, cache)) {
    throw RequestError(RequestField::Cache, RequestText() + RequestField::Cache + " '" + bound.directory.string() +
                                                "' and " + RequestField::Output + " '" + request.output.string() +
                                                "' are one inside the other; give " + RequestField::Cache +
                                                " a directory apart from " + RequestField::Output);
  }
}

// What every step of a compile through the cache shares: the checks made
// before anything is read.
struct CacheJob {
  CacheJob(const Kernel& theKernel, const CompileRequest& theRequest, const CacheRequest& theBound)
      : kernel(theKernel), request(theRequest), bound(theBound), chosen(chooseExporter(kernel, request)),
        exporter(patchWriter(chosen)), cache(checkedCache(request, bound)), reach(patchReach(exporter)),
        threads(resolveThreads(request.threads)), who(recordOfRequest(kernel, chosen, request, ShardSpec{})) {}

  const Kernel& kernel;
  const CompileRequest& request;
  const CacheRequest& bound;
  const ChosenExporter chosen;
  const ShardExporter& exporter;
  const PatchCache cache;
  const PatchReach reach;
  const unsigned threads;
  ShardRecord who;  // what every key names; its MapSize once the sources are placed

 private:
  static const ShardExporter& patchWriter(const ChosenExporter& chosen) {
    const ShardExporter* exporter = shardExporter(chosen.exporter);
    if (!exporter) {
      throw RequestError(RequestField::Cache, chosen.who + " cannot use " + RequestField::Cache +
                                                  ": its output is not made patch by patch, each patch from its own "
                                                  "inputs alone; compile without " +
                                                  RequestField::Cache);
    }
    return *exporter;
  }
  static PatchCache checkedCache(const CompileRequest& request, const CacheRequest& bound) {
    if (!request.package.empty()) {
      throw RequestError(RequestField::Cache, RequestText() + RequestField::Cache +
                                                  " compiles from a layout or a blueprint, not from a package; "
                                                  "export without " +
                                                  RequestField::Cache);
    }
    return PatchCache(bound.directory);
  }
};

// The world as the cache knows it: built from sources read whole, with
// what the cache remembers of them handed down (their digests, the
// validators' findings, the parts made from their samples) and what it did
// not kept, and each patch's figures taken from the entry of its key when
// the cache holds one.
struct RememberedWorld {
  BuiltWorld built;
  PatchesInCache inCache;
};

RememberedWorld buildRemembered(CacheJob& job, const RequestedLayout& requested, const RememberedSources& remembered,
                                Diagnostics cacheNotes, Progress& progress) {
  const Layout& layout = requested.layout;
  const std::size_t count = layout.sources.size();
  SourceReading reading(job.kernel, layout, job.request.validatorOptions,
                        std::vector<SourceUse>(count, SourceUse::Whole), job.threads);
  std::vector<Diagnostics> notes(count);
  const auto identities = reading.identities();
  const auto knownDigests = remembered.digests(identities, notes);
  reading.hash(knownDigests);
  // The keys need every SHA-256, and the findings are remembered by it.
  const std::vector<std::string> digests = reading.digests();
  const auto knownFindings = remembered.findings(digests, notes);
  ProgressRange loading(progress, 0.0, 0.55);
  ReadSources read = reading.read(knownFindings, loading);
  std::vector<bool> decoded(count);
  for (std::size_t i = 0; i < count; ++i) decoded[i] = knownFindings[i] || read.findings[i];
  remembered.keepDigests(identities, knownDigests, digests, decoded);
  remembered.keepFindings(digests, read.findings);
  Diagnostics diagnostics = checkedSources(layout, requested.diagnostics, read, notes);

  for (std::size_t i = 0; i < count; ++i) read.loaded[i].sha256 = digests[i];
  const std::vector<SourcePartTexts> knownParts = remembered.parts(digests, diagnostics);
  ProgressRange building(progress, 0.55, 1.0);
  WorldBuild build(layout, std::move(read.loaded), job.threads, building, knownParts);
  job.who.mapSize = build.placed().mapSize;
  PatchesInCache inCache =
      lookUpPatches(job.cache, job.who, build.placed(), job.reach, enumTableId(job.kernel), cacheNotes);
  World world = build.finish(job.kernel.enums(), inCache.figures);
  checkUnchanged(reading.files());  // before any part made from them is kept
  remembered.keepParts(digests, build.madeParts());
  diagnostics.append(cacheNotes);
  return {builtWorld(std::move(world), layout, std::move(diagnostics), reading.files()), std::move(inCache)};
}

}  // namespace

CachedCompileResult compileThroughCache(const Kernel& kernel, const CompileRequest& request, const CacheRequest& bound,
                                        Progress& progress) {
  checkCacheApart(request, bound);
  StagedDirectory::checkTarget(request.output);
  CacheJob job(kernel, request, bound);
  const PatchCache& cache = job.cache;

  Diagnostics cacheNotes;
  const RequestedLayout layout = loadRequestedLayout(kernel, request);
  const WorldEntry whole = WorldEntry::of(kernel, request, job.who, layout.layout);
  const RememberedSources remembered(cache, kernel, request.validatorOptions, layout.layout);
  if (auto published = publishedWhole(whole, remembered, cache, request, bound, progress, cacheNotes)) {
    return std::move(*published);
  }
  ProgressRange building(progress, 0.0, 0.55);
  auto [built, inCache] = buildRemembered(job, layout, remembered, std::move(cacheNotes), building);
  const World& world = built.world;

  StagedDirectory stage(request.output);
  const RemovedFolder notes{stage.stage() / kNotesName};  // made by the first patch with notes
  // The entries found, placed on every thread and each checked byte for
  // byte: the package's files into the stage, the notes into the patch's folder.
  std::vector<std::size_t> listed;
  for (std::size_t p = 0; p < world.patches.size(); ++p) {
    if (inCache.entries[p]) listed.push_back(p);
  }
  std::vector<std::string> damage(listed.size());
  std::vector<std::optional<FetchedEntry>> fetched(listed.size());
  parallelFor(listed.size(), job.threads, [&](std::size_t i) {
    checkInterrupted();
    try {
      fetched[i] =
          cache.fetch(inCache.keys[listed[i]], placement(stage.stage(), notes.path / std::to_string(listed[i])));
    } catch (const CacheDamaged& damaged) {
      damage[i] = damaged.what();
    }
    if (!fetched[i]) inCache.entries[listed[i]].reset();
  });
  std::map<std::string, std::string> placedChecks;  // of the files placed, by path
  for (auto& patch : fetched) {
    if (patch) placedChecks.merge(patch->checks);
  }
  std::map<std::string, std::string> written;
  std::vector<std::size_t> computed;
  for (std::size_t i = 0; i < listed.size(); ++i) {
    if (!damage[i].empty()) built.diagnostics.add(damaged(world.patches[listed[i]], damage[i]));
  }
  std::size_t fromCache = 0;
  for (std::size_t p = 0; p < world.patches.size(); ++p) {
    if (!inCache.entries[p]) {
      computed.push_back(p);
      continue;
    }
    ++fromCache;
    for (const CachedFile& file : inCache.entries[p]->files) {
      if (!file.path.starts_with(kEntryNotes)) written.emplace(file.path, file.sha256);
    }
  }
  progress.update(0.6);

  // The others, one at a time, each on every thread.
  const RemovedFolder scratch{stage.stage() / kScratchName};
  if (!computed.empty()) {
    createDirectory(scratch.path);
    createDirectory(scratch.path / kShardNotesDirectory);
  }
  const PatchWriting writing(job.exporter, job.chosen, cache, built, stage.stage(), scratch.path, notes.path);
  for (std::size_t i = 0; i < computed.size(); ++i) {
    ProgressRange patchProgress(progress,
                                0.6 + 0.3 * static_cast<double>(i) / static_cast<double>(computed.size()),
                                0.6 + 0.3 * static_cast<double>(i + 1) / static_cast<double>(computed.size()));
    const ExportInput input{world, kernel.enums(), job.chosen.options, job.threads, patchProgress};
    written.merge(writing.write(input, computed[i], inCache.keys[computed[i]], built.diagnostics));
  }
  fs::remove_all(scratch.path);
  // Every patch's notes, as every shard's: none from an exporter whose patches stand alone.
  std::vector<fs::path> patchNotes;
  if (job.reach == PatchReach::Lattice) {
    for (std::size_t p = 0; p < world.patches.size(); ++p) patchNotes.push_back(notes.path / std::to_string(p));
  }
  ProgressRange sharing(progress, 0.9, 0.95);
  callPlugin(job.chosen.who, "writing", [&] {
    job.exporter.writeShared(ExportInput{world, kernel.enums(), job.chosen.options, job.threads, sharing}, written,
                             patchNotes, stage.stage(), built.diagnostics);
  });
  fs::remove_all(notes.path);
  // Unchecked from disk, as an assembly of shards: every patch's documents
  // were checked as they were written, and the cache's by their SHA-256.
  CachedCompileResult result{publishStage(kernel, job.chosen, stage, built, job.threads, progress, false), fromCache};
  std::vector<std::string> sourceSha256;
  for (const auto& source : world.sources) sourceSha256.push_back(source.sha256);
  whole.store(cache, whole.key(sourceSha256), result.output, written, placedChecks, inCache.keys, result, job.threads);
  cache.trim(bound.maxBytes);
  return result;
}

}  // namespace isla
