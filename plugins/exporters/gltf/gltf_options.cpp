// SPDX-License-Identifier: MIT
#include "gltf_options.hpp"

#include <charconv>
#include <optional>
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

}  // namespace

std::vector<isla::OptionSpec> gltfOptionSpecs() {
  return {
      {"chunk", isla::OptionType::Integer,
       "a chunk's side in cells (each patch is cut into chunks of N x N cells, one .gltf + .bin each)", "256"},
      {"lod", isla::OptionType::Integer,
       "levels of detail per chunk: LOD 0 the contract's triangles, each next a quarter of the triangles", "3"},
  };
}

GltfOptions parseGltfOptions(const isla::OptionValues& values) {
  GltfOptions options;
  if (const auto chunk = values.get("chunk")) {
    options.chunkCells = parseWhole("chunk", *chunk, 1, kMaxChunkCells, "cells");
  }
  if (const auto lod = values.get("lod")) options.levels = parseWhole("lod", *lod, 1, kMaxLevels, "levels");
  return options;
}

}  // namespace isla_gltf
