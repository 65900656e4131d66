// SPDX-License-Identifier: MIT
// The gltf exporter's options (chunk, lod_error), declared and read.
#pragma once

#include <cstdint>
#include <vector>

#include <isla/plugin/options.hpp>

namespace isla_gltf {

inline constexpr std::int32_t kMaxChunkCells = 4096;  // 4097^2 vertices: 32-bit indices, bounded memory
inline constexpr std::size_t kMaxCoarserLevels = 7;   // LOD 0 and up to 7 after it
inline constexpr const char* kDefaultLodError = "0.1,0.75";  // about a quarter of the triangles each on the example

struct GltfOptions {
  std::int32_t chunkCells = 256;  // a chunk's side in cells; the last of a patch takes what remains
  // The maximum vertical error of each level after LOD 0 (the contract's
  // triangles), in metres, increasing.
  std::vector<double> lodErrorsM;
  // LOD 0 as triangle strips (32 bytes a sample, not 40); off by default:
  // Godot 4's importer draws strips inside out (docs/decisions.md).
  bool lod0Strips = false;
};

std::vector<isla::OptionSpec> gltfOptionSpecs();
GltfOptions readGltfOptions(const isla::OptionValues& values);
// lod_error's rule across its numbers: 0 alone (LOD 0 only), or up to
// kMaxCoarserLevels increasing numbers above 0. Throws std::invalid_argument.
void checkLodErrors(const isla::OptionValues& values);

}  // namespace isla_gltf
