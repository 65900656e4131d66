// SPDX-License-Identifier: MIT
// Every file of the gltf exporter: chunks/<chunk>.bin and .gltf for each
// chunk of each patch, biome/<source-id>.png, world.gltf (the scene that
// places every chunk, the water, towns and roads), world.bin (the water
// quad) and levels.json (each chunk's levels: triangles, bytes, error).
#pragma once

#include <filesystem>

#include <isla/plugin/exporter.hpp>

#include "gltf_options.hpp"

namespace isla_gltf {

inline constexpr const char* kWorldGltf = "world.gltf";
inline constexpr const char* kWorldLodGltf = "world-lod.gltf";
inline constexpr const char* kLevelsJson = "levels.json";

void writeGltf(const isla::ExportInput& input, const GltfOptions& options, const std::filesystem::path& stage);

}  // namespace isla_gltf
