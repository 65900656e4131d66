// SPDX-License-Identifier: MIT
#include "png_options.hpp"

#include <algorithm>

#include "png_encoder.hpp"
#include "weight_images.hpp"

namespace isla_png {

std::vector<isla::OptionSpec> optionSpecs() {
  return {
      {.name = "layers",
       .type = isla::OptionType::Choices,
       .help = "the images to write: heightmap (the world's 16-bit heights), biome (indexed colour, index = biome "
               "ordinal), wbid (16-bit water body ids), water (8-bit mask, 255 = water), the last three per source; "
               "relief (a shaded-relief preview of the world, RGB); weights (one 8-bit image a material layer for "
               "the whole world, weights/LAYER.png, see blend_m, water_fade_m and layer_map)",
       .defaultValue = "heightmap,biome,wbid,water,relief",
       .choices = {"heightmap", "biome", "wbid", "water", "relief", "weights"}},
      {.name = "tiles",
       .type = isla::OptionType::Choice,
       .help = "world: one heightmap of the whole world; patch: one heightmap a patch (sources, strips, corners), each "
               "over its own height range",
       .defaultValue = "world",
       .choices = {"world", "patch"}},
      compressionSpec(),
      blendSpec(),
      waterFadeSpec(),
      layerMapSpec(),
  };
}

PngOptions readOptions(const isla::OptionValues& values) {
  const auto& layers = values.choices("layers");
  const auto wanted = [&](const char* layer) { return std::find(layers.begin(), layers.end(), layer) != layers.end(); };
  return {.heightmap = wanted("heightmap"),
          .biome = wanted("biome"),
          .wbid = wanted("wbid"),
          .water = wanted("water"),
          .relief = wanted("relief"),
          .weights = wanted("weights"),
          .tilesPerPatch = values.text("tiles") == "patch",
          .compression = static_cast<int>(values.integer("compression"))};
}

}  // namespace isla_png
