// SPDX-License-Identifier: MIT
// The png exporter's options, declared for `isla-tool plugins --options png`
// and parsed (every bad value named with the valid ones) before anything
// is written.
#pragma once

#include <stdexcept>
#include <string_view>
#include <vector>

#include <isla/plugin/options.hpp>

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
// The deflate level option, shared by every exporter of this plugin that writes PNG.
isla::OptionSpec compressionSpec();
// Throws std::invalid_argument "EXPORTER: option 'compression' takes ...".
int parseCompression(std::string_view exporter, const isla::OptionValues& values);
// "EXPORTER: option 'OPTION' takes TAKES, not 'VALUE'"
std::invalid_argument badValue(std::string_view exporter, std::string_view option, std::string_view value,
                               std::string_view takes);
// The option's value, or its default.
std::string valueOf(const isla::OptionValues& values, const isla::OptionSpec& spec);
// Throws std::invalid_argument naming the option, the value and what it takes.
PngOptions parseOptions(const isla::OptionValues& values);

}  // namespace isla_png
