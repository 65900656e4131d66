// SPDX-License-Identifier: MIT
// DIR/shard-K/shard-record.json (and shard-edges.bin beside it): what a
// shard was made from and what it made, so that the assembly builds the
// package's shared documents from the records alone, without a source or a
// terrain document (docs/decisions.md, Sharded compile):
// - who made it: the tool (version and commit) and the plugins that took
//   part (name and version), the layout's SHA-256, the exporter and options;
// - each source whose patch is the shard's: its file's size, modification
//   time and SHA-256, its format, a bundle's provenance, the SHA-256 of each
//   of its four border lines, its warnings, water regions and scenery;
// - the SHA-256 of each border line it read of another shard's source;
// - each of its patches: the report's figures (as bits), the key of its
//   inputs and the SHA-256 of the shared edge on each side as its document
//   holds it; each edge its patches own, in shard-edges.bin;
// - each output and note: path, size and SHA-256 as written;
// and last the SHA-256 of the record's own text, so that any damage shows.
#pragma once

#include <array>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "isla/base/diagnostics.hpp"
#include "isla/compile/toolchain.hpp"
#include "isla/shard/shard.hpp"
#include "isla/plugin/options.hpp"
#include "isla/world/world.hpp"

namespace isla {

inline constexpr std::string_view kShardRecordName = "shard-record.json";
inline constexpr std::string_view kShardEdgesName = "shard-edges.bin";
// DIR/shard-K/assembly-notes/: what the exporter leaves for the assembly
// alone (ShardExporter::writePatches), never copied into the package.
inline constexpr std::string_view kShardNotesDirectory = "assembly-notes";

struct ShardRecord {
  using Plugin = PluginName;
  struct Source {
    std::size_t index = 0;  // into the layout's sources
    std::string id;
    std::string file;  // as the layout gives it
    std::uint64_t bytes = 0;
    std::int64_t modifiedNs = 0;
    std::string sha256;
    SourceFormat format = SourceFormat::V2;
    std::optional<std::string> bundleId;  // a viewer bundle's
    std::vector<BundleMember> members;
    std::array<std::string, 4> borders;  // SHA-256 of each border line, by Side
    std::vector<Diagnostic> diagnostics;  // its warnings (and infos) as read and validated
    std::vector<WorldWarning> waterWarnings;
    std::vector<WaterRegion> waterRegions;
    Scenery scenery;
  };
  struct BorderRead {
    std::size_t source = 0;
    Side side = Side::North;
    std::string sha256;
  };
  struct PatchFigures {
    std::size_t patch = 0;  // index into World::patches
    std::string id;
    PatchStats stats;    // exactly, bit for bit
    std::string inputs;  // the key of what its outputs are made from (inputKey)
    std::array<std::string, 4> sides;  // SHA-256 of the shared edge on each side ("" on the perimeter)
  };
  struct EdgeData {
    std::size_t edge = 0;  // index into World::edges
    std::string id;
    std::vector<float> heights;
    std::vector<Normal> normals;
  };
  struct File {
    std::string path;  // relative POSIX path
    std::string sha256;
    std::uint64_t bytes = 0;
  };

  ShardSpec shard;
  std::string tool;
  std::vector<Plugin> plugins;  // sorted by name
  std::string layoutSha256;
  std::string exporter;
  OptionText options;           // the exporter's, as given
  OptionText validatorOptions;  // as given
  std::int32_t mapSize = 0;
  std::vector<Source> sources;          // increasing index
  std::vector<BorderRead> bordersRead;  // increasing source, then side
  std::vector<PatchFigures> patches;    // increasing index
  std::vector<EdgeData> edges;          // increasing index
  std::vector<File> outputs;            // sorted by path
  std::vector<File> notes;              // below kShardNotesDirectory, sorted by path
};

// SHA-256 of a line of heights and normals (a border, a shared edge): the
// float32 and double bits, little-endian.
std::string lineDigest(std::span<const float> heights, std::span<const Normal> normals);

// Writes `directory`/shard-record.json and shard-edges.bin.
void writeShardRecord(const std::filesystem::path& directory, const ShardRecord& record);

// Throws CompileError naming the file, the JSON pointer of what is wrong
// and the shard to run again.
ShardRecord readShardRecord(const std::filesystem::path& directory);

}  // namespace isla
