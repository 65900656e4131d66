// SPDX-License-Identifier: MIT
// unreal's weight maps (`weights=true`): each tile's material layers as
// one 8-bit gray PNG a layer, the size of the tile's heightmap, named
// NAME_LAYER_xX_yZ.png: the _x<column>_y<row> suffix by which Unreal's
// tiled landscape import matches a layer's tiles to the heightmap's.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include <isla/plugin/options.hpp>
#include <isla/world/material_layers.hpp>

#include "engine_tiles.hpp"

namespace isla_png {

isla::OptionSpec weightsSpec();  // weights

// The weight maps of one tile, in layer order.
std::vector<std::string> weightFiles(const isla::MaterialLayers& layers, std::int32_t x, std::int32_t z);

void writeWeightMaps(const std::filesystem::path& stage, const isla::MaterialLayers& layers, const TileGrid& grid,
                     unsigned threads, isla::Progress& progress);

}  // namespace isla_png
