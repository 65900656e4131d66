// SPDX-License-Identifier: MIT
#include "gltf_options.hpp"

#include <stdexcept>
#include <string>

namespace isla_gltf {

std::vector<isla::OptionSpec> gltfOptionSpecs() {
  return {
      {.name = "chunk",
       .type = isla::OptionType::Integer,
       .help = "a chunk's side in cells (each patch is cut into chunks of N x N cells, one .gltf + .bin each)",
       .defaultValue = "256",
       .min = 1,
       .max = kMaxChunkCells},
      {.name = "lod_error",
       .type = isla::OptionType::Numbers,
       .help = "levels of detail after LOD 0 (the contract's triangles): each level's maximum vertical error in "
               "metres, increasing, at most " + std::to_string(kMaxCoarserLevels) + "; 0 for LOD 0 alone",
       .defaultValue = kDefaultLodError,
       .min = 0},
      {.name = "strips",
       .type = isla::OptionType::Boolean,
       .help = "LOD 0 as triangle strips (glTF mode 5: 32 bytes a sample instead of 40, the same triangles); "
               "Godot 4 imports strips inside out, so they are off by default",
       .defaultValue = "false"},
  };
}

void checkLodErrors(const isla::OptionValues& values) {
  const auto& errors = values.numbers("lod_error");
  if (errors.size() == 1 && errors[0] == 0) return;
  bool increasing = errors.size() <= kMaxCoarserLevels;
  for (std::size_t i = 0; i < errors.size(); ++i) increasing = increasing && errors[i] > (i ? errors[i - 1] : 0.0);
  if (!increasing) {
    throw std::invalid_argument("option 'lod_error' takes 0 alone, or up to " + std::to_string(kMaxCoarserLevels) +
                                " increasing metres of vertical error above 0 (e.g. 0.25,1,4)");
  }
}

GltfOptions readGltfOptions(const isla::OptionValues& values) {
  GltfOptions options{.chunkCells = static_cast<std::int32_t>(values.integer("chunk")),
                      .lodErrorsM = values.numbers("lod_error"),
                      .lod0Strips = values.boolean("strips")};
  if (options.lodErrorsM.size() == 1 && options.lodErrorsM[0] == 0) options.lodErrorsM.clear();
  return options;
}

}  // namespace isla_gltf
