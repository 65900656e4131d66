// SPDX-License-Identifier: MIT
// The 3dtiles export split across shards (isla-tool run compile --shard;
// docs/decisions.md, Sharded 3D Tiles). A shard meshes its patches' pieces
// into every tile they reach, as the whole export does, and writes the
// tiles that hold its patches alone (with its sources' biome images); for
// the assembly its notes keep a summary of each tile it wrote (tiles.txt)
// and its share of every other tile (shares/<key>.bin): the upper tiles and
// the tiles over patches of other shards. The assembly merges the shares of
// each such tile into the whole export's content, writes it, then water,
// scenery and tileset.json from every tile's summary.
#pragma once

#include <filesystem>
#include <vector>

#include <isla/plugin/exporter.hpp>

#include "tiles_options.hpp"

namespace isla_3dtiles {

void writeShardTiles(const isla::ExportInput& input, const TilesOptions& options,
                     const std::vector<std::size_t>& patches, const std::filesystem::path& stage,
                     const std::filesystem::path& notes);

// `notes`: every shard's, by shard. Throws std::runtime_error when they do
// not make up the whole tree (a tile missing, or made twice).
void assembleTiles(const isla::ExportInput& input, const TilesOptions& options,
                   const std::vector<std::filesystem::path>& notes, const std::filesystem::path& stage);

}  // namespace isla_3dtiles
