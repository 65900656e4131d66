// SPDX-License-Identifier: MIT
// An exporter that can shard (isla-tool run compile --shard; docs/decisions.md,
// Sharded compile): its write() split in two, with the same bytes in the end.
#pragma once

#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "isla/base/api.hpp"
#include "isla/plugin/exporter.hpp"

namespace isla {

class ISLA_API ShardExporter : public Exporter {
 public:
  ~ShardExporter() override;

  // A shard: into `stage` the outputs that `patches` alone make (indices
  // into World::patches, increasing), whose bytes depend on nothing the
  // other shards make, each checked against the format's rules as it is
  // written; into `notes` (an empty directory, never part of the package)
  // what the assembly needs to finish outputs that span shards. Returns
  // the SHA-256 of each file whose writer kept it, by path relative to
  // `stage` (or to `notes`, beginning "notes/"), so that the job hashes
  // only the others for the shard's record.
  virtual std::map<std::string, std::string> writePatches(const ExportInput& input,
                                                          const std::vector<std::size_t>& patches,
                                                          const std::filesystem::path& stage,
                                                          const std::filesystem::path& notes,
                                                          Diagnostics& out) const = 0;
  // The assembly: `stage` holds every shard's outputs already, `written`
  // their relative paths and SHA-256, `notes` each shard's notes (by shard,
  // checked against the shard's record); write the rest of the package.
  virtual void writeShared(const ExportInput& input, const std::map<std::string, std::string>& written,
                           const std::vector<std::filesystem::path>& notes, const std::filesystem::path& stage,
                           Diagnostics& out) const = 0;
};

// The exporter as one that can shard, or null.
inline const ShardExporter* shardExporter(const Exporter& exporter) {
  return dynamic_cast<const ShardExporter*>(&exporter);
}

// A ShardExporter whose writePatches makes each patch's outputs from that
// patch's inputs alone and leaves no notes (Terrain World: a terrain
// document a patch). A compile through the patch cache (run compile
// --cache) keys such a patch by its own rows alone; any other
// ShardExporter's patches, written as shards of one patch each, by their
// sources whole and the lattice (docs/decisions.md, The incremental
// compile's patch cache).
class ISLA_API PatchExporter : public ShardExporter {
 public:
  ~PatchExporter() override;
};

// The exporter as one whose patches stand alone, or null.
inline const PatchExporter* patchExporter(const Exporter& exporter) {
  return dynamic_cast<const PatchExporter*>(&exporter);
}

}  // namespace isla
