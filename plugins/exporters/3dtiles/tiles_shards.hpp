// SPDX-License-Identifier: MIT
// The 3dtiles export split across shards (isla-tool run compile --shard;
// docs/decisions.md, Sharded 3D Tiles). A shard meshes its patches' pieces
// into every tile they reach, as the whole export does, and writes the
// tiles that hold its patches alone (with its sources' biome images); for
// the assembly its notes keep a summary of each tile it wrote (tiles.txt)
// and its share of every other tile (shares.bin, shares.txt): the upper tiles and
// the tiles over patches of other shards, stored as their .glb stores them
// (tile_share.hpp). The assembly merges the shares of each such tile into
// the whole export's .glb, encoding nothing, then writes water, scenery and
// tileset.json from every tile's summary.
#pragma once

#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include <isla/plugin/exporter.hpp>

#include "tiles_options.hpp"

namespace isla_3dtiles {

// Returns the SHA-256 of every file it writes but the images (by path
// relative to `stage`, a note's beginning "notes/"), kept as written.
std::map<std::string, std::string> writeShardTiles(const isla::ExportInput& input, const TilesOptions& options,
                                                   const std::vector<std::size_t>& patches,
                                                   const std::filesystem::path& stage,
                                                   const std::filesystem::path& notes);

// `notes`: every shard's, by shard. Throws std::runtime_error when they do
// not make up the whole tree (a tile missing, or made twice).
void assembleTiles(const isla::ExportInput& input, const TilesOptions& options,
                   const std::vector<std::filesystem::path>& notes, const std::filesystem::path& stage);

}  // namespace isla_3dtiles
