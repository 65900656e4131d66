// SPDX-License-Identifier: MIT
#include "engine_tiles.hpp"

#include <algorithm>
#include <ranges>
#include <stdexcept>
#include <vector>

#include <isla/base/joined_text.hpp>

#include "world_rows.hpp"

namespace isla_png {

namespace {

std::string sizeList(std::span<const std::int32_t> sizes) {
  return isla::joinedText(sizes | std::views::transform([](std::int32_t size) { return std::to_string(size); }));
}

std::string samples(std::int32_t width, std::int32_t height) {
  return std::to_string(width) + " x " + std::to_string(height);
}

// Tiles of `resolution` over `length` samples, sharing edges.
std::int32_t tilesAlong(std::int32_t length, std::int32_t resolution) {
  return std::max<std::int32_t>(1, (length - 1 + resolution - 2) / (resolution - 1));
}

}  // namespace

isla::OptionSpec tileSizeSpec(const TileSizes& sizes, std::string_view what) {
  std::vector<std::string> choices{"auto"};
  for (const std::int32_t size : sizes.sizes) choices.push_back(std::to_string(size));
  return {.name = std::string(sizes.option),
          .type = isla::OptionType::Choice,
          .help = std::string(what) + ": auto (the smallest that holds the world in one tile, else tiles of " +
                  std::to_string(sizes.sizes.back()) + ") or one of " + sizeList(sizes.sizes),
          .defaultValue = "auto",
          .choices = std::move(choices)};
}

isla::OptionSpec paddingSpec() {
  return {.name = "padding",
          .type = isla::OptionType::Choice,
          .help = "edge: a world that does not fill its tiles exactly is padded by repeating its last column and row; "
                  "none: such a world is refused",
          .defaultValue = "edge",
          .choices = {"edge", "none"}};
}

std::int32_t tileSize(const TileSizes& sizes, const isla::OptionValues& values) {
  const std::string& chosen = values.text(sizes.option);
  for (const std::int32_t size : sizes.sizes) {
    if (chosen == std::to_string(size)) return size;
  }
  return 0;
}

Padding padding(const isla::OptionValues& values) {
  return values.text("padding") == "edge" ? Padding::Edge : Padding::None;
}

TileGrid fitTiles(const isla::World& world, const TileSizes& sizes, std::int32_t size, Padding padding) {
  const auto [width, height] = worldSamples(world);
  TileGrid grid{.worldWidth = static_cast<std::int32_t>(width), .worldHeight = static_cast<std::int32_t>(height)};
  const std::int32_t longest = std::max(grid.worldWidth, grid.worldHeight);
  if (size == 0) {
    const auto holding = std::find_if(sizes.sizes.begin(), sizes.sizes.end(), [&](std::int32_t s) { return s >= longest; });
    size = holding != sizes.sizes.end() ? *holding : sizes.sizes.back();
  }
  grid.resolution = size;
  grid.tilesX = tilesAlong(grid.worldWidth, size);
  grid.tilesZ = tilesAlong(grid.worldHeight, size);
  if (padding == Padding::None &&
      (grid.paddedWidth() != grid.worldWidth || grid.paddedHeight() != grid.worldHeight)) {
    throw std::runtime_error(
        "the world is " + samples(grid.worldWidth, grid.worldHeight) + " samples, which " +
        samples(grid.tilesX, grid.tilesZ) + " tiles of " + std::to_string(size) + " (" +
        samples(grid.paddedWidth(), grid.paddedHeight()) +
        " samples, sharing their edges) hold only with padding, and option 'padding' is 'none'. Use padding=edge to repeat the world's last column and row, option '" +
        std::string(sizes.option) + "' for other tiles (" + sizeList(sizes.sizes) +
        "), or a world of N (size - 1) + 1 samples a side");
  }
  return grid;
}

std::string fileSafeName(const isla::World& world) {
  std::string name = world.name.empty() ? "world" : world.name;
  for (char& c : name) {
    const bool safe = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_';
    if (!safe) c = '-';
  }
  return name;
}

std::string tileName(const isla::World& world, std::int32_t x, std::int32_t z) {
  return fileSafeName(world) + "_" + std::to_string(x) + "_" + std::to_string(z);
}

void streamTiles(const isla::World& world, const TileGrid& grid, const OpenTile& open, isla::Progress& progress) {
  WorldRows rows(world);
  streamTileRows<float>(rows, grid, open, progress);
}

void writePair(isla::JsonWriter& json, std::string_view name, double a, double b) {
  json.key(name);
  json.beginCompactArray();
  json.value(a);
  json.value(b);
  json.endArray();
}

void writeGridMembers(isla::JsonWriter& json, const isla::World& world, const TileGrid& grid, std::string_view sizeKey) {
  json.member(sizeKey, grid.resolution);
  json.member("tiles_x", grid.tilesX);
  json.member("tiles_z", grid.tilesZ);
  writePair(json, "world_samples", grid.worldWidth, grid.worldHeight);
  writePair(json, "padded_samples", grid.paddedWidth(), grid.paddedHeight());
  json.member("spacing_m", world.settings.spacingM);
}

void writeTileList(isla::JsonWriter& json, const isla::World& world, const TileGrid& grid, std::string_view extension,
                   const TileMembers& more) {
  const double tileMetres = (grid.resolution - 1) * world.settings.spacingM;
  json.key("tiles");
  json.beginArray();
  for (std::int32_t z = 0; z < grid.tilesZ; ++z) {
    for (std::int32_t x = 0; x < grid.tilesX; ++x) {
      json.beginObject();
      json.member("name", tileName(world, x, z));
      json.member("file", tileName(world, x, z) + std::string(extension));
      json.member("x", x);
      json.member("z", z);
      writePair(json, "origin_m", x * tileMetres, z * tileMetres);
      more(x, z, x * tileMetres, z * tileMetres);
      json.endObject();
    }
  }
  json.endArray();
}

}  // namespace isla_png
