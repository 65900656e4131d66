// SPDX-License-Identifier: MIT
#include "tiles_options.hpp"

#include <bit>
#include <charconv>
#include <cmath>
#include <stdexcept>
#include <string>

namespace isla_3dtiles {

namespace {

constexpr std::int32_t kMinTileCells = 16;
constexpr std::int32_t kMaxTileCells = 4096;  // 4097^2 vertices: 32-bit indices, bounded memory

std::invalid_argument badValue(const std::string& option, const std::string& text, const std::string& takes) {
  return std::invalid_argument("3dtiles: option '" + option + "' takes " + takes + ", not '" + text + "'");
}

std::optional<double> number(std::string_view text) {
  double value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size() || !std::isfinite(value)) return std::nullopt;
  return value;
}

std::int32_t parseTileCells(const std::string& text) {
  std::int32_t value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size() || value < kMinTileCells || value > kMaxTileCells ||
      !std::has_single_bit(static_cast<std::uint32_t>(value))) {
    throw badValue(
        "tile", text,
        "a power of two of cells from " + std::to_string(kMinTileCells) + " to " + std::to_string(kMaxTileCells));
  }
  return value;
}

double parseError(const std::string& text) {
  const auto value = number(text);
  if (!value || *value <= 0) throw badValue("error", text, "a number of metres above 0");
  return *value;
}

Geodetic parseOrigin(const std::string& text) {
  const std::string takes = "LAT,LON,HEIGHT: degrees north in [-90, 90], degrees east in [-180, 180], metres";
  const auto first = text.find(','), second = text.find(',', first + 1);
  if (first == std::string::npos || second == std::string::npos || text.find(',', second + 1) != std::string::npos) {
    throw badValue("origin", text, takes);
  }
  const auto lat = number(std::string_view(text).substr(0, first));
  const auto lon = number(std::string_view(text).substr(first + 1, second - first - 1));
  const auto height = number(std::string_view(text).substr(second + 1));
  if (!lat || !lon || !height || std::abs(*lat) > 90 || std::abs(*lon) > 180) throw badValue("origin", text, takes);
  return {*lat, *lon, *height};
}

}  // namespace

std::vector<isla::OptionSpec> tilesOptionSpecs() {
  return {
      {"tile", isla::OptionType::Integer,
       "a leaf tile's side in cells, a power of two (the quadtree halves the world down to it)", "256"},
      {"error", isla::OptionType::Number,
       "metres of vertical error asked of the level above the leaves, doubled at each level up", "0.5"},
      {"origin", isla::OptionType::String,
       "LAT,LON,HEIGHT: place the world's north-west corner there on the WGS84 ellipsoid (an east-north-up "
       "frame as the root's transform); without it the tileset is in the world's own metres, x east, y north, z up",
       ""},
  };
}

TilesOptions parseTilesOptions(const isla::OptionValues& values) {
  TilesOptions options;
  if (const auto tile = values.get("tile")) options.tileCells = parseTileCells(*tile);
  if (const auto error = values.get("error")) options.errorM = parseError(*error);
  if (const auto origin = values.get("origin")) options.origin = parseOrigin(*origin);
  return options;
}

}  // namespace isla_3dtiles
