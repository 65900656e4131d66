// SPDX-License-Identifier: MIT
#include "png_options.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <stdexcept>
#include <string>
#include <string_view>

#include "png_encoder.hpp"

namespace isla_png {

namespace {

constexpr std::string_view kLayerNames = "heightmap, biome, wbid, water, relief";

void parseLayers(std::string_view list, PngOptions& out) {
  out.heightmap = out.biome = out.wbid = out.water = out.relief = false;
  const std::array<std::pair<std::string_view, bool*>, 5> layers{{{"heightmap", &out.heightmap},
                                                                  {"biome", &out.biome},
                                                                  {"wbid", &out.wbid},
                                                                  {"water", &out.water},
                                                                  {"relief", &out.relief}}};
  for (std::size_t begin = 0; begin <= list.size();) {
    const std::size_t end = std::min(list.find(',', begin), list.size());
    const std::string_view name = list.substr(begin, end - begin);
    bool known = false;
    for (const auto& [layer, flag] : layers) {
      if (layer == name) known = *flag = true;
    }
    if (!known) {
      throw badValue("png", "layers", list, "a comma-separated list of " + std::string(kLayerNames) + " (no '" +
                                         std::string(name) + "')");
    }
    begin = end + 1;
  }
}

}  // namespace

std::string valueOf(const isla::OptionValues& values, const isla::OptionSpec& spec) {
  return values.get(spec.name).value_or(spec.defaultValue);
}

std::invalid_argument badValue(std::string_view exporter, std::string_view option, std::string_view value,
                               std::string_view takes) {
  return std::invalid_argument(std::string(exporter) + ": option '" + std::string(option) + "' takes " +
                               std::string(takes) + ", not '" + std::string(value) + "'");
}

isla::OptionSpec compressionSpec() {
  return {"compression", isla::OptionType::Integer, "the deflate level, 0 (none, fastest) to 9 (smallest)",
          std::to_string(kDefaultCompression)};
}

int parseCompression(std::string_view exporter, const isla::OptionValues& values) {
  const std::string level = valueOf(values, compressionSpec());
  int out = 0;
  const auto [end, error] = std::from_chars(level.data(), level.data() + level.size(), out);
  if (error != std::errc() || end != level.data() + level.size() || out < 0 || out > 9) {
    throw badValue(exporter, "compression", level, "an integer 0..9");
  }
  return out;
}

std::vector<isla::OptionSpec> optionSpecs() {
  return {
      {"layers", isla::OptionType::String,
       "the images to write, comma-separated: heightmap (the world's 16-bit heights), biome (indexed colour, index = "
       "biome ordinal), wbid (16-bit water body ids), water (8-bit mask, 255 = water), the last three per source; relief (a shaded-relief "
       "preview of the world, RGB)",
       "heightmap,biome,wbid,water,relief"},
      {"tiles", isla::OptionType::String,
       "world: one heightmap of the whole world; patch: one heightmap a patch (sources, strips, corners), each over "
       "its own height range",
       "world"},
      compressionSpec(),
  };
}

PngOptions parseOptions(const isla::OptionValues& values) {
  const auto specs = optionSpecs();
  PngOptions out;
  parseLayers(valueOf(values, specs[0]), out);

  const std::string tiles = valueOf(values, specs[1]);
  if (tiles != "world" && tiles != "patch") throw badValue("png", "tiles", tiles, "world or patch");
  out.tilesPerPatch = tiles == "patch";

  out.compression = parseCompression("png", values);
  return out;
}

}  // namespace isla_png
