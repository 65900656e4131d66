// SPDX-License-Identifier: MIT
#include "gltf_options.hpp"

#include <charconv>
#include <cmath>
#include <stdexcept>
#include <string>

namespace isla_gltf {

namespace {

// A whole number in [min, max], or the error naming the option.
std::int32_t parseWhole(const std::string& option, const std::string& text, std::int32_t min, std::int32_t max,
                        const std::string& unit) {
  std::int32_t value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size() || value < min || value > max) {
    throw std::invalid_argument("gltf: option '" + option + "' takes a whole number of " + unit + " from " +
                                std::to_string(min) + " to " + std::to_string(max) + ", not '" + text + "'");
  }
  return value;
}

// "none", or up to kMaxCoarserLevels increasing numbers of metres above 0,
// separated by commas.
std::vector<double> parseLodErrors(const std::string& text) {
  const auto refuse = [&] {
    return std::invalid_argument("gltf: option 'lod_error' takes 'none' or up to " +
                                 std::to_string(kMaxCoarserLevels) +
                                 " increasing metres of vertical error above 0, separated by commas (e.g. 0.25,1,4), "
                                 "not '" + text + "'");
  };
  std::vector<double> errors;
  if (text == "none") return errors;
  const char* at = text.data();
  const char* end = text.data() + text.size();
  while (true) {
    double value = 0;
    const auto [next, error] = std::from_chars(at, end, value, std::chars_format::fixed);
    if (error != std::errc() || !std::isfinite(value) || value <= 0 || (!errors.empty() && value <= errors.back())) {
      throw refuse();
    }
    errors.push_back(value);
    if (next == end) break;
    if (*next != ',') throw refuse();
    at = next + 1;
  }
  if (errors.size() > kMaxCoarserLevels) throw refuse();
  return errors;
}

}  // namespace

std::vector<isla::OptionSpec> gltfOptionSpecs() {
  return {
      {"chunk", isla::OptionType::Integer,
       "a chunk's side in cells (each patch is cut into chunks of N x N cells, one .gltf + .bin each)", "256"},
      {"lod_error", isla::OptionType::String,
       "levels of detail after LOD 0 (the contract's triangles): each level's maximum vertical error in metres, "
       "increasing and comma-separated, or 'none'",
       kDefaultLodError},
  };
}

GltfOptions parseGltfOptions(const isla::OptionValues& values) {
  GltfOptions options;
  if (const auto chunk = values.get("chunk")) {
    options.chunkCells = parseWhole("chunk", *chunk, 1, kMaxChunkCells, "cells");
  }
  options.lodErrorsM = parseLodErrors(values.get("lod_error").value_or(kDefaultLodError));
  return options;
}

}  // namespace isla_gltf
