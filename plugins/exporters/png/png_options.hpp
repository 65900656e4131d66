// SPDX-License-Identifier: MIT
// The png exporter's options, declared for `isla-tool plugins --options png`;
// the kernel checks their values, and PngOptions reads them.
#pragma once

#include <vector>

#include <isla/plugin/options.hpp>

namespace isla_png {

struct PngOptions {
  bool heightmap = true;
  bool biome = true;
  bool wbid = true;
  bool water = true;
  bool relief = true;
  bool weights = false;  // the material layers' weight images
  bool tilesPerPatch = false;  // tiles=patch: one heightmap a patch instead of the world's
  int compression = 6;
};

std::vector<isla::OptionSpec> optionSpecs();
PngOptions readOptions(const isla::OptionValues& values);

}  // namespace isla_png
