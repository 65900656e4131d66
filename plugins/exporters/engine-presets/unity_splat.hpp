// SPDX-License-Identifier: MIT
// unity's splat maps (`splat=true`): each tile's material layer weights as
// Unity alphamaps, RGBA PNG of four layers each (NAME_X_Z_splatN.png, layer
// 4N + c in channel c, a channel without a layer 0), at an alphamap
// resolution of 16 to 4096 (powers of two). Alphamap pixel i of a tile
// takes the tile's nearest sample to i (R - 1) / (A - 1): the first and
// last pixels lie on the tile's edges, so neighbouring tiles' shared edge
// pixels are the same samples.
#pragma once

#include <filesystem>
#include <vector>

#include <isla/document/json_writer.hpp>
#include <isla/plugin/options.hpp>
#include <isla/world/material_layers.hpp>

#include "engine_tiles.hpp"

namespace isla_png {

isla::OptionSpec splatSpec();            // splat
isla::OptionSpec splatResolutionSpec();  // splat_resolution
// The alphamap resolution the options name, or for auto the power of two
// R - 1 is, within 16..4096.
std::int32_t splatResolution(const isla::OptionValues& values, const TileGrid& grid);

// "NAME_X_Z_splatN.png", the images of one tile.
std::vector<std::string> splatFiles(const isla::World& world, std::int32_t x, std::int32_t z, std::size_t layers);

// Writes every tile's splat maps below `stage`.
void writeSplatMaps(const std::filesystem::path& stage, const isla::MaterialLayers& layers, const TileGrid& grid,
                    std::int32_t resolution, unsigned threads, isla::Progress& progress);

}  // namespace isla_png
