// SPDX-License-Identifier: MIT
#include "gltf_options.hpp"

namespace isla_gltf {

std::vector<isla::OptionSpec> gltfOptionSpecs() {
  return {
      {.name = "chunk",
       .type = isla::OptionType::Integer,
       .help = "a chunk's side in cells (each patch is cut into chunks of N x N cells, one .gltf + .bin each)",
       .defaultValue = "256",
       .min = 1,
       .max = kMaxChunkCells},
      {.name = "lod",
       .type = isla::OptionType::Integer,
       .help = "levels of detail per chunk: LOD 0 the contract's triangles, each next a quarter of the triangles",
       .defaultValue = "3",
       .min = 1,
       .max = kMaxLevels},
  };
}

GltfOptions readGltfOptions(const isla::OptionValues& values) {
  return {.chunkCells = static_cast<std::int32_t>(values.integer("chunk")),
          .levels = static_cast<std::int32_t>(values.integer("lod"))};
}

}  // namespace isla_gltf
