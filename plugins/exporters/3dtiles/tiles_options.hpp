// SPDX-License-Identifier: MIT
// The 3dtiles exporter's options (tile, error, origin) as checked values.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include <isla/options.hpp>

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
};

std::vector<isla::OptionSpec> tilesOptionSpecs();
// Throws std::invalid_argument naming the option, the value and what it takes.
TilesOptions parseTilesOptions(const isla::OptionValues& values);

}  // namespace isla_3dtiles
