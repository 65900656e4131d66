// SPDX-License-Identifier: MIT
// The 3dtiles exporter's options (tile, error, origin, compress), declared and read.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include <isla/plugin/options.hpp>

namespace isla_3dtiles {

// A point on the WGS84 ellipsoid: degrees and metres above the ellipsoid.
struct Geodetic {
  double latitudeDeg = 0;
  double longitudeDeg = 0;
  double heightM = 0;
};

struct TilesOptions {
  std::int32_t tileCells = 256;  // a leaf tile's side in cells, a power of two
  double errorM = 0.5;           // the error asked of the level above the leaves, doubled at each level up
  std::optional<Geodetic> origin;
  // Whether the tiles' buffers are EXT_meshopt_compression's (the default)
  // or plain glTF, for tools that do not decode it.
  bool compress = true;
};

std::vector<isla::OptionSpec> tilesOptionSpecs();
TilesOptions readTilesOptions(const isla::OptionValues& values);
// The origin's latitude and longitude ranges; throws std::invalid_argument.
void checkOrigin(const isla::OptionValues& values);

}  // namespace isla_3dtiles
