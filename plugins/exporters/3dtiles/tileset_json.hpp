// SPDX-License-Identifier: MIT
// tileset.json: 3D Tiles 1.1, explicit tiles. The root (refine ADD, no
// content) holds the terrain quadtree (refine REPLACE, one .glb a tile
// under tiles/), the water and the scenery; with an origin, the root's
// transform is the east-north-up frame there. Every kLevelsAFile levels up
// from the leaves a tile starts an external tileset, tiles/<key>.json,
// whose root it is (the file above names it as a tile's content): each
// file holds at most kLevelsAFile levels, so tileset.json stays small at
// any size and every tile keeps its own bounding box (docs/decisions.md).
#pragma once

#include <filesystem>
#include <vector>

#include "box_bounds.hpp"
#include "quadtree.hpp"
#include "tile_summary.hpp"
#include "tiles_options.hpp"

namespace isla_3dtiles {

inline constexpr const char* kTilesetJson = "tileset.json";
inline constexpr const char* kTileDirectory = "tiles";

inline constexpr std::int32_t kLevelsAFile = 4;

// The content URI of a terrain tile, relative to tileset.json.
std::string tileUri(const TileKey& key);
// The URI of the external tileset a tile starts, relative to tileset.json.
std::string tileFileUri(const TileKey& key);

struct Extras {
  BoxBounds water, scenery;  // empty: no such content
};

void writeTileset(const std::filesystem::path& stage, const TilesOptions& options,
                  const std::vector<LevelSummaries>& levels, const Extras& extras);

}  // namespace isla_3dtiles
