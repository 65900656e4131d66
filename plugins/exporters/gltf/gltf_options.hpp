// SPDX-License-Identifier: MIT
// The gltf exporter's options (chunk, lod), declared and read.
#pragma once

#include <cstdint>
#include <vector>

#include <isla/plugin/options.hpp>

namespace isla_gltf {

inline constexpr std::int32_t kMaxChunkCells = 4096;  // 4097^2 vertices: 32-bit indices, bounded memory
inline constexpr std::int32_t kMaxLevels = 8;

struct GltfOptions {
  std::int32_t chunkCells = 256;  // a chunk's side in cells; the last of a patch takes what remains
  std::int32_t levels = 3;        // levels of detail, LOD 0 the contract's triangles
};

std::vector<isla::OptionSpec> gltfOptionSpecs();
GltfOptions readGltfOptions(const isla::OptionValues& values);

}  // namespace isla_gltf
