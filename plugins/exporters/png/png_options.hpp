// SPDX-License-Identifier: MIT
// The png exporter's options, declared for `isla-tool plugins --options png`
// and parsed (every bad value named with the valid ones) before anything
// is written.
#pragma once

#include <vector>

#include <isla/options.hpp>

namespace isla_png {

struct PngOptions {
  bool heightmap = true;
  bool biome = true;
  bool wbid = true;
  bool water = true;
  bool relief = true;
  bool tilesPerPatch = false;  // tiles=patch: one heightmap a patch instead of the world's
  int compression = 6;
};

std::vector<isla::OptionSpec> optionSpecs();
// Throws std::invalid_argument naming the option, the value and what it takes.
PngOptions parseOptions(const isla::OptionValues& values);

}  // namespace isla_png
