// SPDX-License-Identifier: MIT
// A shard's share of a tile that spans shards: the parts of its patches as
// the .glb stores them (glb_tile.hpp), saved for the assembly, which merges
// every shard's share of the tile and writes it without encoding anything.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include <isla/world/world.hpp>

#include "glb_tile.hpp"

namespace isla_3dtiles {

// A share as bytes, of which a shard keeps all its shares in one file
// (tiles_shards.cpp: a file a tile would cost a shard twice the files).
std::vector<std::byte> shareBytes(const GlbTile& share);
// The share at bytes [offset, offset + length) of `path`. Throws
// std::runtime_error naming the file when they are not a share of this world's tiles.
GlbTile loadShare(const isla::World& world, const std::filesystem::path& path, std::uint64_t offset,
                  std::uint64_t length);
// The whole tile from every shard's share of it: the parts in the order of
// `patches`, the one in which the whole export adds them.
GlbTile mergeShares(std::vector<GlbTile> shares, const std::vector<std::size_t>& patches);

}  // namespace isla_3dtiles
