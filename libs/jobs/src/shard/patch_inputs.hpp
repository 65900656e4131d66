// SPDX-License-Identifier: MIT
// The key of what one patch's outputs are made from (docs/decisions.md,
// Sharded compile, "The key of a patch's inputs"), from a built World: the
// patch cache's key, and the one a shard record holds for the patch.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "isla/kernel.hpp"
#include "shard_record.hpp"

namespace isla {

// The source border lines a strip's or corner's rows are made from: the
// sides of the sources around it that face it (a source's: none), as
// (source index, side).
std::vector<std::pair<std::size_t, Side>> facingBorders(const World& world, const Patch& patch);

// The SHA-256 of a source's border line on `side`, heights and normals as bits.
std::string borderDigest(const World& world, std::size_t source, Side side);

// What names the kernel's enum table: its file's SHA-256 (or where it came
// from, when it is built in), which --enums may replace.
std::string enumTableId(const Kernel& kernel);

// What a patch's outputs are made from besides its own rows, by exporter.
enum class PatchReach : std::uint8_t {
  // Its rows alone (Terrain World: a document a patch): a strip or corner
  // is made from the source border lines facing it.
  OwnRows,
  // Its rows, placed in the whole lattice, with what else the sources
  // around it hold (3D Tiles: tiles cut from the world's quadtree, a
  // strip's image blended from its sources' biomes): a strip or corner is
  // made from the sources facing it, whole.
  Lattice,
};

// The reach of what `exporter` writes of each patch: OwnRows for a
// PatchExporter, Lattice for any other.
PatchReach patchReach(const Exporter& exporter);

// inputKey (shard_settings.hpp) of `patch`, its inputs being the enum
// table (`enumTable`, enumTableId: biome images are coloured by it), its
// source's SHA-256, and for a strip or corner the SHA-256 of each source
// border line facing it (OwnRows) or of each source facing it and the
// lattice's size (Lattice). `who` gives the tool, plugins, exporter,
// options and MapSize; `world` its sources' SHA-256 and borders.
std::string patchInputKey(const ShardRecord& who, const World& world, std::size_t patch, PatchReach reach,
                          const std::string& enumTable);

}  // namespace isla
