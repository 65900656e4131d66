// SPDX-License-Identifier: MIT
// DIR/shard-K/shard-record.json: what a shard was made from (layout and
// source hashes, exporter, options, its place in the split) and what it
// made (each patch's report figures, each output and note file's hash), so that the
// assembly can check it and build the shared documents without the patches.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "isla/jobs/shard.hpp"
#include "isla/plugin/options.hpp"
#include "isla/world/world.hpp"

namespace isla {

inline constexpr std::string_view kShardRecordName = "shard-record.json";
// DIR/shard-K/assembly-notes/: what the exporter leaves for the assembly
// alone (ShardExporter::writePatches), never copied into the package.
inline constexpr std::string_view kShardNotesDirectory = "assembly-notes";

struct ShardRecord {
  struct SourceHash {
    std::string id;
    std::string sha256;
  };
  struct Figures {
    std::size_t patch = 0;  // index into World::patches
    std::string id;
    PatchStats stats;  // exactly, bit for bit
  };
  struct Output {
    std::string path;  // relative POSIX path
    std::string sha256;
    std::uint64_t bytes = 0;
  };

  ShardSpec shard;
  std::string layoutSha256;
  std::string exporter;
  OptionText options;           // the exporter's, as given
  OptionText validatorOptions;  // as given
  std::vector<SourceHash> sources;
  std::vector<Figures> patches;  // increasing index
  std::vector<Output> outputs;   // sorted by path
  std::vector<Output> notes;     // below kShardNotesDirectory, sorted by path
};

void writeShardRecord(const std::filesystem::path& file, const ShardRecord& record);

// Throws CompileError naming the file and the JSON pointer of what is wrong.
ShardRecord readShardRecord(const std::filesystem::path& file);

}  // namespace isla
