// SPDX-License-Identifier: MIT
// The engine presets' tiling (unity, unreal): the world's heights in square
// tiles of one of the sizes the engine takes, neighbouring tiles sharing
// their edge samples (tile (x, z) starts at sample x (R - 1), z (R - 1)).
// The size is the smallest that holds the world in one tile, else tiles of
// the largest, or the one the user names. A world that does not fill its
// tiles exactly is padded by repeating its last column and row (never
// stretched), or refused when the user asks for no padding.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <string_view>

#include <isla/json/json_writer.hpp>
#include <isla/plugin/options.hpp>
#include <isla/base/progress.hpp>
#include <isla/world/world.hpp>

namespace isla_png {

struct TileGrid {
  std::int32_t resolution = 0;  // samples a side of one tile
  std::int32_t tilesX = 1;
  std::int32_t tilesZ = 1;
  std::int32_t worldWidth = 0;  // the world's samples, before padding
  std::int32_t worldHeight = 0;

  std::int32_t paddedWidth() const { return tilesX * (resolution - 1) + 1; }
  std::int32_t paddedHeight() const { return tilesZ * (resolution - 1) + 1; }
};

enum class Padding : std::uint8_t { Edge, None };

// The sizes a preset takes, smallest first, and the option that picks one.
struct TileSizes {
  std::string_view option;  // "resolution"
  std::span<const std::int32_t> sizes;
};

// A choice of auto or one of the sizes.
isla::OptionSpec tileSizeSpec(const TileSizes& sizes, std::string_view what);
isla::OptionSpec paddingSpec();
// 0 for auto.
std::int32_t tileSize(const TileSizes& sizes, const isla::OptionValues& values);
Padding padding(const isla::OptionValues& values);

// The tiling of `world` by `sizes` (`size` 0: auto). Throws
// std::runtime_error, naming the sizes and what to do, when the world needs
// padding and `padding` is None.
TileGrid fitTiles(const isla::World& world, const TileSizes& sizes, std::int32_t size, Padding padding);

// "NAME_X_Z": the world's name (characters other than letters, digits, '-'
// and '_' made '-') and the tile's column and row.
std::string tileName(const isla::World& world, std::int32_t x, std::int32_t z);

// One tile being written: its rows, north to south, `resolution` samples each.
class TileSink {
 public:
  virtual ~TileSink() = default;
  virtual void row(std::span<const float> samples) = 0;
  virtual void finish() = 0;  // after the last row
};

using OpenTile = std::function<std::unique_ptr<TileSink>(std::int32_t x, std::int32_t z)>;

// Streams the world's rows, padded, into every tile: one row of tiles open
// at a time, the row two tile rows share given to both.
void streamTiles(const isla::World& world, const TileGrid& grid, const OpenTile& open, isla::Progress& progress);

// The sidecar members both presets write: `sizeKey` (the tile size),
// tiles_x, tiles_z, world_samples and padded_samples [x, z], spacing_m.
void writeGridMembers(isla::JsonWriter& json, const isla::World& world, const TileGrid& grid, std::string_view sizeKey);
// "tiles": one object a tile, row by row: name, file (NAME + extension), x,
// z, origin_m [x, z] of its sample (0, 0), then what `more` adds.
void writeTileList(isla::JsonWriter& json, const isla::World& world, const TileGrid& grid, std::string_view extension,
                   const std::function<void(double originX, double originZ)>& more);
// NAME: [a, b] on one line.
void writePair(isla::JsonWriter& json, std::string_view name, double a, double b);

}  // namespace isla_png
