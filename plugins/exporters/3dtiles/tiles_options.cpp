// SPDX-License-Identifier: MIT
#include "tiles_options.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

namespace isla_3dtiles {

namespace {

constexpr std::int32_t kMinTileCells = 16;
constexpr std::int32_t kMaxTileCells = 4096;  // 4097^2 vertices: 32-bit indices, bounded memory

// The powers of two from kMinTileCells to kMaxTileCells, as text.
std::vector<std::string> tileChoices() {
  std::vector<std::string> choices;
  for (std::int32_t cells = kMinTileCells; cells <= kMaxTileCells; cells *= 2) choices.push_back(std::to_string(cells));
  return choices;
}

}  // namespace

std::vector<isla::OptionSpec> tilesOptionSpecs() {
  return {
      {.name = "tile",
       .type = isla::OptionType::Choice,
       .help = "a leaf tile's side in cells, a power of two (the quadtree halves the world down to it)",
       .defaultValue = "256",
       .choices = tileChoices()},
      {.name = "error",
       .type = isla::OptionType::Number,
       .help = "metres of vertical error asked of the level above the leaves, doubled at each level up",
       .defaultValue = "0.5",
       .min = 0.001},
      {.name = "origin",
       .type = isla::OptionType::Numbers,
       .help = "LAT,LON,HEIGHT (degrees north in [-90, 90], degrees east in [-180, 180], metres): place the world's "
               "north-west corner there on the WGS84 ellipsoid (an east-north-up frame as the root's transform); "
               "without it the tileset is in the world's own metres, x east, y north, z up",
       .count = 3},
      {.name = "compress",
       .type = isla::OptionType::Choice,
       .help = "meshopt: the tiles' geometry compressed with EXT_meshopt_compression (what CesiumJS, Cesium for "
               "Unreal and Unity and three.js with a MeshoptDecoder load); none: the same geometry as plain glTF, for "
               "tools that do not decode it",
       .defaultValue = "meshopt",
       .choices = {"meshopt", "none"}},
  };
}

void checkOrigin(const isla::OptionValues& values) {
  if (!values.has("origin")) return;
  const auto& origin = values.numbers("origin");
  if (std::abs(origin[0]) > 90 || std::abs(origin[1]) > 180) {
    throw std::invalid_argument("option 'origin' takes a latitude in [-90, 90] and a longitude in [-180, 180]");
  }
}

TilesOptions readTilesOptions(const isla::OptionValues& values) {
  TilesOptions options;
  const auto choices = tileChoices();
  const auto chosen = std::find(choices.begin(), choices.end(), values.text("tile")) - choices.begin();
  options.tileCells = kMinTileCells << chosen;
  options.errorM = values.number("error");
  options.compress = values.text("compress") == "meshopt";
  if (values.has("origin")) {
    const auto& origin = values.numbers("origin");
    options.origin = Geodetic{origin[0], origin[1], origin[2]};
  }
  return options;
}

}  // namespace isla_3dtiles
