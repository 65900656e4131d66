// SPDX-License-Identifier: MIT
// Every file of the 3dtiles exporter: tileset.json, tiles/<level>_<x>_<z>.glb
// for each terrain tile, water.glb, scenery.glb and biome/<source-id>.png.
#pragma once

#include <filesystem>

#include <isla/export/exporter.hpp>

#include "tiles_options.hpp"

namespace isla_3dtiles {

void writeTiles(const isla::ExportInput& input, const TilesOptions& options, const std::filesystem::path& stage);

}  // namespace isla_3dtiles
