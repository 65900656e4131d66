// SPDX-License-Identifier: MIT
// The assembly of shards, from their records alone (docs/decisions.md,
// Sharded compile): every record is read and checked against this run's
// tool, plugins, layout and settings, and the records against each other
// (each patch, source and edge made once, by the shard the split gives it;
// each border line a shard borrowed as its owner read it; each shared edge
// as both members' documents hold it; edges meeting at a vertex agreeing
// there), and each source's size and modification time against its
// owner's record, before anything is written. Then the shards' outputs are
// copied (or cloned) into the stage, each of its recorded size (hashed
// too with --verify), and the exporter writes the shared documents from
// the world the records make. No source, terrain document or height is
// read: the work grows with the patches, edges and towns. An assembly that
// uses the shards up (ShardFiles::Consumed) checks the outputs where they
// are, then moves them in (the exporter finds them in the stage, as
// ShardExporter::writeShared says) and moves them back if it fails before
// publishing.
#include <bit>
#include <cerrno>
#include <charconv>
#include <cstdio>
#include <cstring>
#include <functional>
#include <map>
#include <ranges>
#include <set>

#include "../compile/compile_steps.hpp"
#include "../compile/file_placer.hpp"
#include "isla/document/bits_text.hpp"
#include "isla/base/interrupt.hpp"
#include "isla/base/io_error.hpp"
#include "isla/base/joined_text.hpp"
#include "isla/base/relative_path.hpp"
#include "isla/parallel/parallel.hpp"
#include "isla/plugin/plugin_call.hpp"
#include "isla/plugin/shard_exporter.hpp"
#include "isla/publish/sha256.hpp"
#include "isla/publish/staged_directory.hpp"
#include "isla/shard/shard.hpp"
#include "record_json.hpp"
#include "shard_settings.hpp"

#include <sys/stat.h>


namespace isla {

namespace {

namespace fs = std::filesystem;

struct FoundShard {
  fs::path directory;
  ShardRecord record;
};

std::string nameOf(const FoundShard& shard) {
  return "shard " + std::to_string(shard.record.shard.index) + " of " + std::to_string(shard.record.shard.count) +
         " (" + shard.directory.string() + ")";
}

// `shard` and `count` as a request gives them: "2" and "4", or "K" and "N".
RequestText rerunHint(const std::string& shard, const std::string& count) {
  return RequestText("run it again (") + RequestField::Shard + " " + shard + "/" + count + " " +
         RequestField::ShardDir + " DIR), then assemble";
}

RequestText rerunHint(const ShardSpec& shard) {
  return rerunHint(std::to_string(shard.index), std::to_string(shard.count));
}

// How every shard is made, for an assembly that finds none or no directory.
RequestText everyShardHint() {
  return RequestText("run every shard (") + RequestField::Shard + " K/N " + RequestField::ShardDir + " DIR) first";
}

// The K of a directory named shard-K, if it is one.
std::optional<unsigned> shardIndexOf(const std::string& name) {
  constexpr std::string_view prefix = "shard-";
  if (!name.starts_with(prefix) || name.size() == prefix.size()) return std::nullopt;
  unsigned index = 0;
  const char* end = name.data() + name.size();
  const auto [stop, error] = std::from_chars(name.data() + prefix.size(), end, index);
  if (error != std::errc() || stop != end) return std::nullopt;
  return index;
}

// Every shard-K of `shardDir` with its record, by K; complete splits only.
std::vector<FoundShard> findShards(const fs::path& shardDir) {
  std::error_code error;
  if (!fs::is_directory(shardDir, error)) {
    throw CompileError("the shard directory '" + shardDir.string() + "' does not exist; " + everyShardHint(), {});
  }
  std::map<unsigned, FoundShard> byIndex;
  for (const auto& entry : fs::directory_iterator(shardDir)) {
    const auto index = shardIndexOf(entry.path().filename().string());
    if (!index) continue;
    if (!fs::is_regular_file(entry.path() / kShardRecordName, error)) {
      throw CompileError(entry.path().string() + " has no " + std::string(kShardRecordName) +
                             ": it is not a complete shard; " + rerunHint(std::to_string(*index), "N"),
                         {});
    }
    FoundShard found{entry.path(), readShardRecord(entry.path())};
    if (found.record.shard.index != *index) {
      throw CompileError(entry.path().string() + " holds the record of shard " +
                             std::to_string(found.record.shard.index) + ", not of shard " + std::to_string(*index) +
                             ": it was moved or copied; remove it and run shard " + std::to_string(*index) + " again",
                         {});
    }
    byIndex.emplace(*index, std::move(found));
  }
  if (byIndex.empty()) {
    throw CompileError("no shard in '" + shardDir.string() + "'; " + everyShardHint(), {});
  }
  const unsigned count = byIndex.begin()->second.record.shard.count;
  for (const auto& [index, shard] : byIndex) {
    if (shard.record.shard.count != count) {
      throw CompileError("'" + shardDir.string() + "' holds shards of different splits: " +
                             nameOf(byIndex.begin()->second) + " and " + nameOf(shard) +
                             "; use one shard directory for each split",
                         {});
    }
  }
  std::vector<std::string> missing;
  for (unsigned k = 0; k < count; ++k) {
    if (!byIndex.contains(k)) missing.push_back(std::to_string(k));
  }
  const RequestText notThere = "shard" + std::string(missing.size() == 1 ? " " : "s ") + joinedText(missing) + " of " +
                               std::to_string(count) + (missing.size() == 1 ? " is" : " are") + " missing from '" +
                               shardDir.string() + "' (not made, or its task did not finish); ";
  if (missing.size() == 1) {
    throw ShardError({static_cast<unsigned>(std::stoul(missing.front())), count},
                     notThere + rerunHint(missing.front(), std::to_string(count)));
  }
  if (!missing.empty()) throw CompileError(notThere + "for each, " + rerunHint("K", std::to_string(count)), {});
  std::vector<FoundShard> shards;
  for (auto& [index, shard] : byIndex) shards.push_back(std::move(shard));
  return shards;
}

std::string settingsText(const std::string& exporter, const OptionText& options, const OptionText& validatorOptions) {
  std::string text = "exporter '" + exporter + "'";
  for (const auto& [key, value] : options) text += ", option " + key + "=" + value;
  for (const auto& [key, value] : validatorOptions) text += ", validator option " + key + "=" + value;
  return text;
}

std::string pluginsText(const std::vector<ShardRecord::Plugin>& plugins) {
  return joinedText(plugins |
                    std::views::transform([](const auto& plugin) { return plugin.name + " " + plugin.version; }));
}

// The same build, layout file, settings and MapSize as this run.
void checkSettings(const std::vector<FoundShard>& shards, const ShardRecord& expected, const CompileRequest& request) {
  for (const FoundShard& shard : shards) {
    const ShardRecord& record = shard.record;
    if (record.tool != expected.tool) {
      throw ShardError(record.shard, nameOf(shard) + " is stale: it was made by " + record.tool + ", and this is " +
                                         expected.tool + "; " + rerunHint(record.shard) + " with this isla-tool");
    }
    if (record.plugins != expected.plugins) {
      throw ShardError(record.shard, nameOf(shard) + " is stale: it was made with the plugins " +
                                         pluginsText(record.plugins) + ", and this assembly has " +
                                         pluginsText(expected.plugins) + "; " + rerunHint(record.shard) +
                                         " with these plugins");
    }
    if (record.layoutSha256 != expected.layoutSha256) {
      throw ShardError(record.shard, nameOf(shard) + " is stale: it was made from another layout (SHA-256 " +
                                         record.layoutSha256 + ", " + request.layout.string() + " has " +
                                         expected.layoutSha256 + " now); " + rerunHint(record.shard));
    }
    const std::string made = settingsText(record.exporter, record.options, record.validatorOptions);
    const std::string asked = settingsText(expected.exporter, expected.options, expected.validatorOptions);
    if (made != asked) {
      throw ShardError(record.shard, nameOf(shard) + " was made with other settings (" + made +
                                         ") than this assembly's (" + asked +
                                         "); assemble with the shards' settings, or " + rerunHint(record.shard));
    }
    if (record.mapSize != shards.front().record.mapSize) {
      throw CompileError(nameOf(shard) + " read sources of MapSize " + std::to_string(record.mapSize) + ", but " +
                             nameOf(shards.front()) + " of MapSize " + std::to_string(shards.front().record.mapSize) +
                             ": a source changed between them; run every shard again",
                         {});
    }
  }
}

// The modification time of `status` in nanoseconds.
std::int64_t modifiedNs(const struct stat& status) {
  return static_cast<std::int64_t>(status.st_mtim.tv_sec) * 1000000000 + status.st_mtim.tv_nsec;
}

// The records against each other and the split: the patches, sources and
// edges each shard holds are those the split gives it, each border line
// borrowed is its owner's, each source is as its owner read it (by size and
// modification time; by SHA-256 with --verify). Fills `world` from them.
class RecordedWorld {
 public:
  RecordedWorld(const std::vector<FoundShard>& shards, World& world, const Layout& layout, bool verify, unsigned threads)
      : shards_(shards), world_(world), layout_(layout), verify_(verify), threads_(threads) {}

  void check() {
    const auto owners = splitPatches(world_.rows, world_.cols,
                                     latticeSamples(world_.rows, world_.cols, world_.mapSize, world_.settings.gapCells),
                                     shards_.front().record.shard.count);
    patchShard_.assign(world_.patches.size(), nullptr);
    sourceShard_.assign(world_.sources.size(), nullptr);
    for (const FoundShard& shard : shards_) {
      checkPatches(shard, owners);
      checkSources(shard);
    }
    for (const FoundShard& shard : shards_) checkBorrowedBorders(shard);
    checkSourceFiles();
    placeEdges();
  }

  // World::stats, sources, water, scenery and warnings from the records, in buildWorld's order.
  Diagnostics fill() {
    world_.stats.assign(world_.patches.size(), PatchStats{});
    for (const FoundShard& shard : shards_) {
      for (const auto& figures : shard.record.patches) world_.stats[figures.patch] = figures.stats;
    }
    addSlopeWarnings(world_);
    world_.scenery.resize(world_.sources.size());
    Diagnostics diagnostics;
    for (std::size_t i = 0; i < world_.sources.size(); ++i) {
      const ShardRecord::Source& recorded = *sourceRecord_[i];
      WorldSource& source = world_.sources[i];
      source.sha256 = recorded.sha256;
      source.format = recorded.format;
      if (recorded.bundleId) {
        auto bundle = std::make_shared<SourceBundle>();
        bundle->metadata.bundleId = *recorded.bundleId;
        bundle->members = recorded.members;
        source.bundle = std::move(bundle);
      }
      for (WaterRegion region : recorded.waterRegions) {
        region.source = i;
        region.patch = source.patch;
        world_.waterRegions.push_back(std::move(region));
      }
      world_.warnings.insert(world_.warnings.end(), recorded.waterWarnings.begin(), recorded.waterWarnings.end());
      world_.scenery[i] = recorded.scenery;
      for (const Diagnostic& d : recorded.diagnostics) diagnostics.add(d);
    }
    return diagnostics;
  }

 private:
  void checkPatches(const FoundShard& shard, const std::vector<unsigned>& owners) {
    const ShardRecord& record = shard.record;
    std::vector<std::size_t> expected;
    for (std::size_t p = 0; p < owners.size(); ++p) {
      if (owners[p] == record.shard.index) expected.push_back(p);
    }
    bool same = expected.size() == record.patches.size();
    for (std::size_t i = 0; same && i < expected.size(); ++i) {
      same = record.patches[i].patch == expected[i] && record.patches[i].id == world_.patches[expected[i]].id;
    }
    if (!same) {
      throw ShardError(record.shard, nameOf(shard) + " holds other patches than the split of this layout gives it; " +
                                         rerunHint(record.shard));
    }
    for (const auto& figures : record.patches) patchShard_[figures.patch] = &shard;
  }

  void checkSources(const FoundShard& shard) {
    std::vector<std::size_t> expected;
    for (std::size_t i = 0; i < world_.sources.size(); ++i) {
      if (patchShard_[world_.sources[i].patch] == &shard) expected.push_back(i);
    }
    const auto& recorded = shard.record.sources;
    bool same = expected.size() == recorded.size();
    for (std::size_t i = 0; same && i < expected.size(); ++i) {
      same = recorded[i].index == expected[i] && recorded[i].id == world_.sources[expected[i]].id &&
             recorded[i].file == world_.sources[expected[i]].file;
    }
    if (!same) {
      throw ShardError(shard.record.shard, nameOf(shard) +
                                               " holds other sources than its patches' (the layout changed?); " +
                                               rerunHint(shard.record.shard));
    }
    sourceRecord_.resize(world_.sources.size(), nullptr);
    for (const auto& source : recorded) {
      sourceShard_[source.index] = &shard;
      sourceRecord_[source.index] = &source;
    }
  }

  void checkBorrowedBorders(const FoundShard& shard) {
    for (const auto& border : shard.record.bordersRead) {
      if (border.source >= world_.sources.size()) {
        throw ShardError(shard.record.shard,
                         nameOf(shard) + " names a source the layout does not have; " + rerunHint(shard.record.shard));
      }
      const ShardRecord::Source& owner = *sourceRecord_[border.source];
      if (owner.borders[static_cast<std::size_t>(border.side)] != border.sha256) {
        throw CompileError(nameOf(shard) + " and " + nameOf(*sourceShard_[border.source]) +
                               " read different " + std::string(sideName(border.side)) + " borders of source '" +
                               owner.id + "' (" + owner.file + "): it changed between their runs; run both again",
                           {});
      }
    }
  }

  // Each source as its owner read it: the same size and modification time
  // (or with --verify the same SHA-256, whatever its time).
  void checkSourceFiles() {
    std::vector<std::optional<RequestText>> problems(world_.sources.size());
    parallelFor(world_.sources.size(), threads_, [&](std::size_t i) {
      const ShardRecord::Source& recorded = *sourceRecord_[i];
      const fs::path& path = layout_.sources[i].path;
      struct stat status {};
      if (::stat(path.c_str(), &status) != 0) {
        problems[i] = "cannot be read (" + std::string(std::strerror(errno)) + ")";
        return;
      }
      const bool same = static_cast<std::uint64_t>(status.st_size) == recorded.bytes &&
                        modifiedNs(status) == recorded.modifiedNs;
      if (verify_) {
        const std::string now = sha256OfFile(path);
        if (now != recorded.sha256) problems[i] = "has changed since (SHA-256 " + recorded.sha256 + " then, " + now + " now)";
      } else if (!same) {
        problems[i] = RequestText("has changed since (" + std::to_string(recorded.bytes) + " bytes then, " +
                                  std::to_string(status.st_size) + " now, or another modification time; ") +
                      RequestField::Verify + " compares its SHA-256 instead)";
      }
    });
    for (std::size_t i = 0; i < problems.size(); ++i) {
      if (!problems[i]) continue;
      const FoundShard& owner = *sourceShard_[i];
      throw ShardError(owner.record.shard, nameOf(owner) + " is stale: source '" + world_.sources[i].id + "' (" +
                                               world_.sources[i].file + ") " + *problems[i] + "; " +
                                               rerunHint(owner.record.shard));
    }
  }

  // Each edge's heights and normals from the shard of its owner; both
  // members' documents hold it (by SHA-256), and edges meeting at a
  // vertex agree there.
  void placeEdges() {
    std::vector<const ShardRecord::EdgeData*> data(world_.edges.size(), nullptr);
    for (const FoundShard& shard : shards_) {
      for (const auto& edge : shard.record.edges) {
        if (edge.edge >= data.size() || world_.edges[edge.edge].id != edge.id ||
            patchShard_[world_.edges[edge.edge].owner] != &shard || data[edge.edge]) {
          throw ShardError(shard.record.shard, nameOf(shard) + " holds edge '" + edge.id + "', which is not its own; " +
                                                   rerunHint(shard.record.shard));
        }
        data[edge.edge] = &edge;
      }
    }
    const auto figuresOf = [&](std::size_t patch) -> const ShardRecord::PatchFigures& {
      const auto& patches = patchShard_[patch]->record.patches;
      return *std::find_if(patches.begin(), patches.end(), [&](const auto& f) { return f.patch == patch; });
    };
    for (std::size_t e = 0; e < world_.edges.size(); ++e) {
      Edge& edge = world_.edges[e];
      if (!data[e]) {
        throw ShardError(patchShard_[edge.owner]->record.shard,
                         nameOf(*patchShard_[edge.owner]) + " does not hold edge '" + edge.id + "' of its patch " +
                             world_.patches[edge.owner].id + "; " + rerunHint(patchShard_[edge.owner]->record.shard));
      }
      edge.heights = data[e]->heights;
      edge.normals = data[e]->normals;
      const std::string digest = lineDigest(edge.heights, edge.normals);
      for (const EdgeMember& member : edge.members) {
        if (figuresOf(member.patch).sides[static_cast<std::size_t>(member.side)] != digest) {
          throw CompileError("shared edge '" + edge.id + "' differs between " + nameOf(*patchShard_[edge.owner]) +
                                 " and the document of patch " + world_.patches[member.patch].id + " in " +
                                 nameOf(*patchShard_[member.patch]) +
                                 ": a source changed between their runs; run both again",
                             {});
        }
      }
    }
    checkVertices();
  }

  void checkVertices() const {
    // Each edge's ends, by the lattice vertex they sit on: height and normal bits.
    std::map<std::pair<double, double>, std::pair<std::string, const Edge*>> ends;
    for (const Edge& edge : world_.edges) {
      if (edge.heights.empty()) continue;
      const double step = world_.settings.spacingM * static_cast<double>(edge.heights.size() - 1);
      for (const bool last : {false, true}) {
        const std::size_t i = last ? edge.heights.size() - 1 : 0;
        const double along = last ? step : 0;
        const std::pair<double, double> at{edge.originX + (edge.axis == Axis::X ? along : 0),
                                           edge.originZ + (edge.axis == Axis::Z ? along : 0)};
        const Normal& n = edge.normals[i];
        const std::string value = std::to_string(std::bit_cast<std::uint32_t>(edge.heights[i])) + " " +
                                  bitsText(n.x) + bitsText(n.y) + bitsText(n.z);
        const auto [found, added] = ends.emplace(at, std::pair(value, &edge));
        if (!added && found->second.first != value) {
          throw CompileError("shared edges '" + found->second.second->id + "' and '" + edge.id +
                                 "' meet at a vertex with different heights or normals: their shards read "
                                 "different sources; run every shard again",
                             {});
        }
      }
    }
  }

  const std::vector<FoundShard>& shards_;
  World& world_;
  const Layout& layout_;
  bool verify_;
  unsigned threads_;
  std::vector<const FoundShard*> patchShard_, sourceShard_;
  std::vector<const ShardRecord::Source*> sourceRecord_;
};

fs::path checkedPath(const FoundShard& shard, const ShardRecord::File& file, const std::string& what) {
  if (!whyNotInside(file.path).empty()) {
    throw ShardError(shard.record.shard, nameOf(shard) + " names " + what + " '" + file.path +
                                             "' outside the package; " + rerunHint(shard.record.shard));
  }
  return file.path;
}

[[noreturn]] void throwUnreadable(const FoundShard& shard, const ShardRecord::File& file, const std::string& what,
                                  const std::string& systemSaid) {
  throw ShardError(shard.record.shard, nameOf(shard) + " is incomplete: its " + what + " " + file.path +
                                           " cannot be read (" + systemSaid + "); " + rerunHint(shard.record.shard));
}

// A file of a shard's (an output, a note) and what its record says of it.
struct RecordedFile {
  const FoundShard* shard;
  const ShardRecord::File* file;
  std::string what;  // "output", "note"
  fs::path path;     // where it is now
};

[[noreturn]] void throwIrregular(const FoundShard& shard, const ShardRecord::File& file, const std::string& what,
                                 const NotRegularFile& irregular) {
  throw ShardError(shard.record.shard, nameOf(shard) + " is damaged: its " + what + " " + file.path +
                                           " is not a regular file (" + irregular.kind() + "); " +
                                           rerunHint(shard.record.shard));
}

// Refuses a file that is not a regular one, or whose size (and, with
// `verify`, SHA-256) is not the recorded one.
void checkRecordedFile(const RecordedFile& recorded, bool verify) {
  const ShardRecord::File& file = *recorded.file;
  std::uint64_t bytes = 0;
  try {
    bytes = static_cast<std::uint64_t>(regularFileStatus(recorded.path).st_size);
  } catch (const NotRegularFile& irregular) {
    throwIrregular(*recorded.shard, file, recorded.what, irregular);
  } catch (const UnreadableFile& unreadable) {
    throwUnreadable(*recorded.shard, file, recorded.what, unreadable.what());
  }
  std::string sha256 = file.sha256;
  if (verify) {
    try {
      sha256 = sha256OfFile(recorded.path);
    } catch (const IoError& failed) {
      throwUnreadable(*recorded.shard, file, recorded.what, failed.what());
    }
  }
  if (bytes != file.bytes || sha256 != file.sha256) {
    throw ShardError(recorded.shard->record.shard,
                     nameOf(*recorded.shard) + " is damaged: its " + recorded.what + " " + file.path +
                         " is not what its record says (" + std::to_string(bytes) + " bytes" +
                         (verify ? ", SHA-256 " + sha256 : std::string()) + "; recorded " + std::to_string(file.bytes) +
                         " bytes" + (verify ? ", " + file.sha256 : std::string()) + "); " +
                         rerunHint(recorded.shard->record.shard));
  }
}

// Checks every file on `threads` threads; the first refusal in the files' order is thrown.
void checkRecordedFiles(const std::vector<RecordedFile>& files, bool verify, unsigned threads) {
  std::vector<std::exception_ptr> failures(files.size());
  parallelFor(files.size(), verify ? threads : 1, [&](std::size_t i) {
    checkInterrupted();
    try {
      checkRecordedFile(files[i], verify);
    } catch (const CompileError&) {
      failures[i] = std::current_exception();
    }
  });
  for (const auto& failure : failures) {
    if (failure) std::rethrow_exception(failure);
  }
}

// Puts a shard's output into the stage (FilePlacer: a file of the
// package's own, which no later edit of the shard or the package shares)
// and says where it now is.
fs::path placeOutput(FilePlacer& placer, const fs::path& stage, const FoundShard& shard,
                     const ShardRecord::File& output) {
  const fs::path relative = checkedPath(shard, output, "an output");
  const fs::path to = stage / relative;
  try {
    placer.place(shard.directory / relative, to);
  } catch (const NotRegularFile& irregular) {
    throwIrregular(shard, output, "output", irregular);
  } catch (const UnreadableFile& unreadable) {
    throwUnreadable(shard, output, "output", unreadable.what());
  }
  return to;
}

// The shards' files an assembly that uses them up has moved into its
// stage, to be moved back when it fails before publishing (the stage and
// what is in it are removed then).
class MovedFiles {
 public:
  void move(FilePlacer& placer, const FoundShard& shard, const fs::path& from, const fs::path& to) {
    if (placer.move(from, to)) moved_.push_back({&shard, from, to});
  }

  // Moves every file back and rethrows the failure in progress, saying
  // what became of the shards.
  [[noreturn]] void moveBackAndRethrow() noexcept(false) {
    std::vector<std::string> lost;
    std::set<unsigned> damaged;
    for (const Move& move : moved_ | std::views::reverse) {
      if (::rename(move.to.c_str(), move.from.c_str()) != 0) {
        lost.push_back(move.from.string() + " (" + std::strerror(errno) + ")");
        damaged.insert(move.shard->record.shard.index);
      }
    }
    if (!lost.empty()) {
      const std::string count = std::to_string(moved_.front().shard->record.shard.count);
      const auto shards = joinedText(damaged | std::views::transform([](unsigned k) { return std::to_string(k); }));
      try {
        throw;
      } catch (const std::exception& failure) {
        throw CompileError(std::string(failure.what()) + "; and " + std::to_string(lost.size()) +
                               " of the shards' files moved into the package could not be moved back: " +
                               joinedText(lost) + "; for shard" + (damaged.size() == 1 ? " " : "s ") + shards +
                               ", " +
                               rerunHint(damaged.size() == 1 ? shards : "K", count),
                           {});
      }
    }
    const std::string back = moved_.empty() ? std::string()
                                            : "; the shards' files moved into it are back in the shards, "
                                              "which can be assembled again";
    try {
      throw;
    } catch (const CompileError& failure) {
      throw CompileError(failure.message() + back, failure.diagnostics());
    } catch (const IoError& failure) {
      throw IoError(failure.path(), std::string(failure.what()) + back, failure.error());
    }
  }

 private:
  struct Move {
    const FoundShard* shard;
    fs::path from, to;
  };
  std::vector<Move> moved_;
};

// Once the package is published from them: every shard's record first, so
// that what may be left of a shard is refused as incomplete, never
// assembled again; then its directory. Says which could not be removed.
std::string removeShards(const std::vector<FoundShard>& shards) {
  std::vector<std::string> left;
  std::error_code error;
  for (const FoundShard& shard : shards) fs::remove(shard.directory / kShardRecordName, error);
  for (const FoundShard& shard : shards) {
    fs::remove_all(shard.directory, error);
    if (error) left.push_back(shard.directory.string() + " (" + error.message() + ")");
  }
  return left.empty() ? std::string() : "; not removed: " + joinedText(left);
}

// Moves the shards' outputs into the stage, has `writeShared` write the
// rest, publishes it and removes the shards; a failure before publication
// moves the files back.
AssemblyResult publishConsumed(const Kernel& kernel, const ChosenExporter& chosen, StagedDirectory& stage,
                               const BuiltWorld& built, unsigned threads, Progress& progress,
                               const std::vector<FoundShard>& shards, const std::function<void()>& writeShared) {
  FilePlacer placer;
  MovedFiles moved;
  CompileResult result;
  try {
    for (const FoundShard& shard : shards) {
      for (const auto& output : shard.record.outputs) {
        checkInterrupted();
        moved.move(placer, shard, shard.directory / output.path, stage.stage() / output.path);
      }
    }
    writeShared();
    result = publishStage(kernel, chosen, stage, built, threads, progress, false);
  } catch (...) {
    moved.moveBackAndRethrow();
  }
  return AssemblyResult{std::move(result), placer.summary() + removeShards(shards)};
}

}  // namespace

AssemblyResult assembleShards(const Kernel& kernel, const CompileRequest& request, const fs::path& shardDir,
                             Progress& progress, bool verify, ShardFiles shardFiles) {
  StagedDirectory::checkTarget(request.output);
  const ChosenExporter chosen = chooseExporter(kernel, request);
  const ShardExporter* exporter = shardExporter(chosen.exporter);
  if (!exporter) {
    throw RequestError(RequestField::Exporter,
                       chosen.who + " cannot shard its output, so there is nothing to assemble");
  }
  Diagnostics layoutProblems;
  const auto layout = loadLayout(request.layout, layoutProblems);
  if (!layout) throw CompileError("the layout has errors; nothing was written", layoutProblems);
  const std::vector<FoundShard> shards = findShards(shardDir);
  checkSettings(shards, recordOfRequest(kernel, chosen, request, shards.front().record.shard), request);
  const unsigned threads = resolveThreads(request.threads);
  progress.update(0.2);

  World world = worldFrame(*layout, shards.front().record.mapSize);
  RecordedWorld recorded(shards, world, *layout, verify, threads);
  recorded.check();
  Diagnostics found = recorded.fill();
  BuiltWorld built = builtWorld(std::move(world), *layout, std::move(found));
  progress.update(0.4);

  std::vector<RecordedFile> files;
  std::vector<fs::path> notes;
  for (const FoundShard& shard : shards) {
    notes.push_back(shard.directory / kShardNotesDirectory);
    for (const auto& note : shard.record.notes) {
      files.push_back({&shard, &note, "note", notes.back() / checkedPath(shard, note, "a note")});
    }
  }
  StagedDirectory stage(request.output);
  std::map<std::string, std::string> written;
  FilePlacer placer;
  // Kept, each output is checked as copied into the stage; consumed, where
  // it is, since it moves only once every check is done.
  const bool consumed = shardFiles == ShardFiles::Consumed;
  for (const FoundShard& shard : shards) {
    for (const auto& output : shard.record.outputs) {
      checkInterrupted();
      if (!written.emplace(output.path, output.sha256).second) {
        throw ShardError(shard.record.shard, nameOf(shard) + " writes " + output.path +
                                                 ", which another shard wrote too; " + rerunHint(shard.record.shard));
      }
      files.push_back({&shard, &output, "output",
                       consumed ? shard.directory / checkedPath(shard, output, "an output")
                                : placeOutput(placer, stage.stage(), shard, output)});
    }
  }
  checkRecordedFiles(files, verify, threads);
  progress.update(0.7);
  const auto writeShared = [&] {
    ProgressRange writing(progress, 0.7, 0.95);
    callPlugin(chosen.who, "writing the shared documents", [&] {
      exporter->writeShared(ExportInput{built.world, kernel.enums(), chosen.options, threads, writing}, written,
                            notes, stage.stage(), built.diagnostics);
    });
  };
  if (consumed) return publishConsumed(kernel, chosen, stage, built, threads, progress, shards, writeShared);
  writeShared();
  return AssemblyResult{publishStage(kernel, chosen, stage, built, threads, progress, false), placer.summary()};
}

}  // namespace isla
