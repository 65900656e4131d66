// SPDX-License-Identifier: MIT
// The compile job split across machines (docs/decisions.md, Sharded
// compile): shard K of N makes the outputs of its share of the patches into
// DIR/shard-K with a record of what it was made from; the assembly checks
// every record and publishes the package, byte for byte compileWorld's.
#pragma once

#include <cstdint>
#include <filesystem>
#include <span>
#include <vector>

#include "isla/compile/compile.hpp"

namespace isla {

inline constexpr unsigned kMaxShards = 4096;

struct ShardSpec {
  unsigned index = 0;  // K, from 0
  unsigned count = 1;  // N
};

// The shard that makes each patch of a lattice of `rows` x `cols` sources,
// given each patch's samples (latticeSamples' order), so that shards
// balance samples, not patch counts: the largest patch first (ties: the
// lower index) to the shard with the fewest samples so far (ties: the lower
// shard). The sources go so; then each strip and corner to the lightest
// shard holding a source beside it, where that loads no shard above the
// largest load of the split by load alone, so that fewer tiles and edges
// span two shards (docs/decisions.md, Sharded compile); the split by load
// alone when it does. Depends on nothing but its arguments. Throws
// std::invalid_argument on no shards or samples of another lattice.
std::vector<unsigned> splitPatches(std::int32_t rows, std::int32_t cols, std::span<const std::uint64_t> samples,
                                   unsigned shards);

// Each patch's samples, in World::patches order (the lattice's rows), from
// the layout's shape alone: what the split is made from.
std::vector<std::uint64_t> latticeSamples(std::int32_t rows, std::int32_t cols, std::int32_t mapSize,
                                          std::int32_t gapCells);

// The sources (by index, in (row, col) order) a shard of `patches` reads:
// those its patches are made from (a source patch its own, a strip the two
// it joins, a corner the four around it; so are the edges of those
// patches). None for a shard without patches: its world is the layout's
// frame (worldFrame) at the first source's MapSize.
std::vector<bool> sourcesOfShard(std::int32_t rows, std::int32_t cols, std::span<const std::size_t> patches);

// DIR/shard-K.
std::filesystem::path shardDirectory(const std::filesystem::path& shardDir, unsigned index);

struct ShardResult {
  std::size_t patches = 0;  // this shard's
  std::uint64_t samples = 0;
  Diagnostics diagnostics;  // warnings of the sources
  std::filesystem::path output;
};

// `request.output` is the package the assembly will make; the shard writes
// only DIR/shard-K, replacing the one an earlier run of it made. Throws as
// compileWorld does.
ShardResult compileShard(const Kernel& kernel, const CompileRequest& request, ShardSpec shard,
                         const std::filesystem::path& shardDir, Progress& progress);

// An assembly's refusal of one shard, which is to be made again: stale
// (another build, layout, settings or source), incomplete or damaged.
class ShardError : public CompileError {
 public:
  ShardError(ShardSpec shard, RequestText message) : CompileError(std::move(message), {}), shard_(shard) {}
  ShardSpec shard() const { return shard_; }

 private:
  ShardSpec shard_;
};

struct AssemblyResult : CompileResult {
  // How the shards' files went into the package: "9 files copied" (or
  // cloned, or moved).
  std::string placed;
};

// What an assembly does with the shards' files.
enum class ShardFiles : bool {
  // Copied (cloned where the filesystem can) into the package: the shards
  // stay as they were, for another assembly.
  Kept,
  // Moved into the package (renamed: no byte copied), and every shard's
  // directory removed once it is published: the shards are used up, and a
  // later assembly from them is refused as of missing shards. Every check
  // comes before the first move, the shared documents after the last (the
  // exporter finishes a stage that holds the shards' files); a failure
  // after the first move moves the files back.
  Consumed,
};

// Publishes `request.output` from every shard of `shardDir`, after checking
// that each is there, complete, made by this build from the same layout,
// sources and settings, and that the records agree with each other
// (CompileError naming the shard otherwise). It reads the records, not the
// sources or the shards' documents: each file's size is checked against its
// record; with `verify` every file (and source) is hashed as well, on every thread.
AssemblyResult assembleShards(const Kernel& kernel, const CompileRequest& request,
                             const std::filesystem::path& shardDir, Progress& progress, bool verify = false,
                             ShardFiles shardFiles = ShardFiles::Kept);

}  // namespace isla
