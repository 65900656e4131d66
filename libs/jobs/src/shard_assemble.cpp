// SPDX-License-Identifier: MIT
// The assembly of shards: every record is read and checked against the
// layout, the sources and the settings of this run before anything is
// written; then the shards' outputs are linked (or copied) into the stage,
// each checked against its recorded hash, and the exporter writes the
// shared documents from the figures the records and the notes hold.
#include <unistd.h>

#include <charconv>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <map>

#include "compile_steps.hpp"
#include "isla/base/interrupt.hpp"
#include "isla/base/io_error.hpp"
#include "isla/plugin/shard_exporter.hpp"
#include "isla/jobs/shard.hpp"
#include "isla/parallel/parallel.hpp"
#include "isla/plugin/plugin_call.hpp"
#include "isla/publish/file_writer.hpp"
#include "isla/publish/sha256.hpp"
#include "isla/publish/staged_directory.hpp"
#include "shard_settings.hpp"

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

// `shard` and `count` as the command line takes them: "2" and "4", or "K" and "N".
std::string rerunHint(const std::string& shard, const std::string& count) {
  return "run it again (isla-tool run compile LAYOUT OUTDIR --shard " + shard + "/" + count +
         " --shard-dir DIR), then assemble";
}

std::string rerunHint(const ShardSpec& shard) {
  return rerunHint(std::to_string(shard.index), std::to_string(shard.count));
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
    throw CompileError("the shard directory '" + shardDir.string() +
                           "' does not exist; run every shard (isla-tool run compile LAYOUT OUTDIR --shard K/N "
                           "--shard-dir DIR) first",
                       {});
  }
  std::map<unsigned, FoundShard> byIndex;
  for (const auto& entry : fs::directory_iterator(shardDir)) {
    const auto index = shardIndexOf(entry.path().filename().string());
    if (!index) continue;
    const fs::path record = entry.path() / kShardRecordName;
    if (!fs::is_regular_file(record, error)) {
      throw CompileError(entry.path().string() + " has no " + std::string(kShardRecordName) +
                             ": it is not a complete shard; " + rerunHint(std::to_string(*index), "N"),
                         {});
    }
    FoundShard found{entry.path(), readShardRecord(record)};
    if (found.record.shard.index != *index) {
      throw CompileError(entry.path().string() + " holds the record of shard " +
                             std::to_string(found.record.shard.index) + ", not of shard " + std::to_string(*index) +
                             ": it was moved or copied; remove it and run shard " + std::to_string(*index) + " again",
                         {});
    }
    byIndex.emplace(*index, std::move(found));
  }
  if (byIndex.empty()) {
    throw CompileError("no shard in '" + shardDir.string() +
                           "'; run every shard (isla-tool run compile LAYOUT OUTDIR --shard K/N --shard-dir DIR) first",
                       {});
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
  std::string missing;
  for (unsigned k = 0; k < count; ++k) {
    if (!byIndex.contains(k)) missing += (missing.empty() ? "" : ", ") + std::to_string(k);
  }
  if (!missing.empty()) {
    const bool one = missing.find(',') == std::string::npos;
    throw CompileError("shard" + std::string(one ? " " : "s ") + missing + " of " + std::to_string(count) +
                           (one ? " is" : " are") + " missing from '" + shardDir.string() +
                           "' (not made, or its task did not finish); " +
                           (one ? "" : "for each, ") + rerunHint(one ? missing : "K", std::to_string(count)),
                       {});
  }
  std::vector<FoundShard> shards;
  for (auto& [index, shard] : byIndex) shards.push_back(std::move(shard));
  return shards;
}

std::string settingsText(const std::string& exporter, const OptionText& options, const OptionText& validatorOptions) {
  std::string text = "exporter '" + exporter + "'";
  for (const auto& [key, value] : options) text += " --option " + key + "=" + value;
  for (const auto& [key, value] : validatorOptions) text += " --" + key + " " + value;
  return text;
}

// The same layout file and settings as this run.
void checkSettings(const std::vector<FoundShard>& shards, const ShardRecord& expected, const CompileRequest& request) {
  for (const FoundShard& shard : shards) {
    const ShardRecord& record = shard.record;
    if (record.layoutSha256 != expected.layoutSha256) {
      throw CompileError(nameOf(shard) + " is stale: it was made from another layout (SHA-256 " +
                             record.layoutSha256 + ", " + request.layout.string() + " has " + expected.layoutSha256 +
                             " now); " + rerunHint(record.shard),
                         {});
    }
    const std::string made = settingsText(record.exporter, record.options, record.validatorOptions);
    const std::string asked = settingsText(expected.exporter, expected.options, expected.validatorOptions);
    if (made != asked) {
      throw CompileError(nameOf(shard) + " was made with other settings (" + made + ") than this assembly's (" +
                             asked + "); assemble with the shards' settings, or " +
                             rerunHint(record.shard),
                         {});
    }
  }
}

// Each shard's patches as the split gives, and the sources they need as
// they are now: a shard records the hashes of the sources it read, which
// must be exactly those.
void checkAgainstWorld(const std::vector<FoundShard>& shards, const World& world) {
  std::vector<std::uint64_t> samples;
  for (const Patch& patch : world.patches) {
    samples.push_back(static_cast<std::uint64_t>(patch.pointsX) * static_cast<std::uint64_t>(patch.pointsZ));
  }
  const auto owners = splitPatches(samples, shards.front().record.shard.count);
  for (const FoundShard& shard : shards) {
    const ShardRecord& record = shard.record;
    const std::string again = rerunHint(record.shard);
    std::vector<std::size_t> expected;
    for (std::size_t p = 0; p < owners.size(); ++p) {
      if (owners[p] == record.shard.index) expected.push_back(p);
    }
    bool same = expected.size() == record.patches.size();
    for (std::size_t i = 0; same && i < expected.size(); ++i) {
      same = record.patches[i].patch == expected[i] && record.patches[i].id == world.patches[expected[i]].id;
    }
    if (!same) {
      throw CompileError(nameOf(shard) + " holds other patches than the split of this layout gives it; " + again, {});
    }
    const std::vector<bool> needed = sourcesOfShard(world.rows, world.cols, expected);
    std::vector<const WorldSource*> sources;
    for (std::size_t i = 0; i < world.sources.size(); ++i) {
      if (needed[i]) sources.push_back(&world.sources[i]);
    }
    if (record.sources.size() != sources.size()) {
      throw CompileError(nameOf(shard) + " is stale: it read " + std::to_string(record.sources.size()) +
                             " sources, its patches need " + std::to_string(sources.size()) + "; " + again,
                         {});
    }
    for (std::size_t i = 0; i < sources.size(); ++i) {
      const WorldSource& now = *sources[i];
      if (record.sources[i].id != now.id) {
        throw CompileError(nameOf(shard) + " is stale: it read source '" + record.sources[i].id +
                               "' where its patches need '" + now.id + "'; " + again,
                           {});
      }
      if (record.sources[i].sha256 != now.sha256) {
        throw CompileError(nameOf(shard) + " is stale: source '" + now.id + "' (" + now.file +
                               ") has changed since it was made (SHA-256 " + record.sources[i].sha256 + " then, " +
                               now.sha256 + " now); " + again,
                           {});
      }
    }
  }
}

// A recorded output path that stays inside the package.
bool safeRelativePath(const std::string& path) {
  const fs::path relative(path);
  if (path.empty() || relative.is_absolute()) return false;
  for (const auto& part : relative) {
    if (part.empty() || part == "." || part == "..") return false;
  }
  return true;
}

// A recorded file's path, which must stay inside its directory.
fs::path checkedPath(const FoundShard& shard, const ShardRecord::Output& file, const std::string& what) {
  if (!safeRelativePath(file.path)) {
    throw CompileError(nameOf(shard) + " names " + what + " '" + file.path + "' outside the package; " +
                           rerunHint(shard.record.shard),
                       {});
  }
  return file.path;
}

// Refuses a file whose size or hash is not the recorded one.
void checkRecorded(const FoundShard& shard, const ShardRecord::Output& file, const std::string& what,
                   std::uint64_t bytes, const std::string& sha256) {
  if (bytes != file.bytes || sha256 != file.sha256) {
    throw CompileError(nameOf(shard) + " is damaged: its " + what + " " + file.path + " is not what its record says (" +
                           std::to_string(bytes) + " bytes, SHA-256 " + sha256 + "; recorded " +
                           std::to_string(file.bytes) + " bytes, " + file.sha256 + "); " +
                           rerunHint(shard.record.shard),
                       {});
  }
}

[[noreturn]] void throwUnreadable(const FoundShard& shard, const ShardRecord::Output& file, const std::string& what,
                                  const std::string& why) {
  throw CompileError(nameOf(shard) + " is incomplete: its " + what + " " + file.path + " cannot be read (" + why +
                         "); " + rerunHint(shard.record.shard),
                     {});
}

// Hashes a recorded file where it is, refusing it unless it is the recorded one.
void checkFile(const FoundShard& shard, const ShardRecord::Output& file, const fs::path& path, const std::string& what) {
  std::error_code error;
  const std::uint64_t bytes = fs::file_size(path, error);
  if (error) throwUnreadable(shard, file, what, error.message());
  std::string sha256;
  try {
    sha256 = sha256OfFile(path);
  } catch (const IoError& failed) {
    throwUnreadable(shard, file, what, failed.what());
  }
  checkRecorded(shard, file, what, bytes, sha256);
}

// Copies one output into the stage, hashing what it reads.
void copyOutput(const FoundShard& shard, const ShardRecord::Output& output, const fs::path& from, const fs::path& to) {
  std::FILE* in = std::fopen(from.c_str(), "rb");
  if (!in) throwUnreadable(shard, output, "output", std::strerror(errno));
  FileWriter out = FileWriter::create(to);
  std::vector<std::byte> buffer(std::size_t{1} << 20);
  for (std::size_t got; (got = std::fread(buffer.data(), 1, buffer.size(), in)) > 0;) {
    out.write(std::span<const std::byte>(buffer.data(), got));
  }
  const bool readFailed = std::ferror(in) != 0;
  std::fclose(in);
  const std::uint64_t bytes = out.size();
  const std::string sha256 = out.close();
  if (readFailed) throwUnreadable(shard, output, "output", std::strerror(EIO));
  checkRecorded(shard, output, "output", bytes, sha256);
}

// Puts the shards' outputs into the stage: hard links while the shard
// directory and the stage share a filesystem (nothing copied; a shard never
// changes a published file, a re-run publishes new ones), copies from the
// first output that cannot be linked on. Each is checked against its record.
class OutputPlacer {
 public:
  explicit OutputPlacer(fs::path stage) : stage_(std::move(stage)) {}

  void place(const FoundShard& shard, const ShardRecord::Output& output) {
    const fs::path relative = checkedPath(shard, output, "an output");
    const fs::path from = shard.directory / relative;
    const fs::path to = stage_ / relative;
    fs::create_directories(to.parent_path());
    if (copying_.empty()) {
      if (::link(from.c_str(), to.c_str()) == 0) {
        ++linked_;
        checkFile(shard, output, to, "output");
        return;
      }
      if (errno == ENOENT) throwUnreadable(shard, output, "output", std::strerror(errno));
      if (errno != EXDEV && errno != EPERM && errno != EMLINK && errno != ENOTSUP) {
        throwSystemError(to, "link '" + from.string() + "' as", errno);
      }
      copying_ = std::strerror(errno);
    }
    copyOutput(shard, output, from, to);
    ++copied_;
  }

  // "12 files hard-linked", or why they were copied.
  std::string summary() const {
    std::string text = std::to_string(linked_) + (linked_ == 1 ? " file" : " files") + " hard-linked";
    if (copied_ > 0) {
      text += ", " + std::to_string(copied_) + (copied_ == 1 ? " file" : " files") +
              " copied (a link was refused: " + copying_ + ")";
    }
    return text;
  }

 private:
  fs::path stage_;
  std::size_t linked_ = 0, copied_ = 0;
  std::string copying_;  // why links are not made, once one is refused
};

// Every shard's notes checked against its record; their directories, by shard.
std::vector<fs::path> checkedNotes(const std::vector<FoundShard>& shards) {
  std::vector<fs::path> directories;
  for (const FoundShard& shard : shards) {
    directories.push_back(shard.directory / kShardNotesDirectory);
    for (const auto& note : shard.record.notes) {
      checkInterrupted();
      checkFile(shard, note, directories.back() / checkedPath(shard, note, "a note"), "note");
    }
  }
  return directories;
}

}  // namespace

AssemblyResult assembleShards(const Kernel& kernel, const CompileRequest& request, const fs::path& shardDir,
                             Progress& progress) {
  StagedDirectory::checkTarget(request.output);
  const ChosenExporter chosen = chooseExporter(kernel, request);
  const ShardExporter* exporter = shardExporter(chosen.exporter);
  if (!exporter) {
    throw CompileError(chosen.who + " cannot shard its output, so there is nothing to assemble", {});
  }
  const std::vector<FoundShard> shards = findShards(shardDir);
  checkSettings(shards, recordOfRequest(request, shards.front().record.shard), request);
  std::map<std::size_t, PatchStats> recorded;
  for (const FoundShard& shard : shards) {
    for (const auto& figures : shard.record.patches) recorded.emplace(figures.patch, figures.stats);
  }
  const KnownFigures fromRecords = [&](const World&, std::size_t patch) -> std::optional<PatchStats> {
    const auto found = recorded.find(patch);
    // A patch no shard holds is computed here, but checkAgainstWorld refuses such a split below.
    return found == recorded.end() ? std::nullopt : std::optional<PatchStats>(found->second);
  };
  const unsigned threads = resolveThreads(request.threads);
  ProgressRange building(progress, 0.0, 0.5);
  BuiltWorld built = buildRequestedWorld(kernel, request, threads, building, fromRecords);
  checkAgainstWorld(shards, built.world);

  const std::vector<fs::path> notes = checkedNotes(shards);
  StagedDirectory stage(request.output);
  std::map<std::string, std::string> written;
  OutputPlacer placer(stage.stage());
  for (const FoundShard& shard : shards) {
    for (const auto& output : shard.record.outputs) {
      checkInterrupted();
      if (!written.emplace(output.path, output.sha256).second) {
        throw CompileError(nameOf(shard) + " writes " + output.path + ", which another shard wrote too; " +
                               rerunHint(shard.record.shard),
                           {});
      }
      placer.place(shard, output);
    }
  }
  progress.update(0.7);
  ProgressRange writing(progress, 0.7, 0.9);
  callPlugin(chosen.who, "writing the shared documents", [&] {
    exporter->writeShared(ExportInput{built.world, kernel.enums(), chosen.options, threads, writing}, written, notes,
                          stage.stage(), built.diagnostics);
  });
  return AssemblyResult{publishStage(kernel, chosen, stage, built, threads, progress), placer.summary()};
}

}  // namespace isla
