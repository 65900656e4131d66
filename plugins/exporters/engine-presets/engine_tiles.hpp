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
#include <vector>

#include <isla/document/json_writer.hpp>
#include <isla/plugin/options.hpp>
#include <isla/base/interrupt.hpp>
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

// The world's name with characters other than letters, digits, '-' and '_'
// made '-' ("world" when it has none).
std::string fileSafeName(const isla::World& world);
// "NAME_X_Z": that name and the tile's column and row.
std::string tileName(const isla::World& world, std::int32_t x, std::int32_t z);

// One tile being written: its rows, north to south, `resolution` samples
// each (of as many values a sample as the rows it is fed from have).
template <class T>
class BasicTileSink {
 public:
  virtual ~BasicTileSink() = default;
  virtual void row(std::span<const T> samples) = 0;
  virtual void finish() = 0;  // after the last row
};
using TileSink = BasicTileSink<float>;

template <class T>
using OpenTileOf = std::function<std::unique_ptr<BasicTileSink<T>>(std::int32_t x, std::int32_t z)>;
using OpenTile = OpenTileOf<float>;

// Streams world rows (LatticeRows of world_rows.hpp), padded, into every
// tile: one row of tiles open at a time, the row two tile rows share given to both.
template <class T, class Rows>
void streamTileRows(Rows& rows, const TileGrid& grid, const OpenTileOf<T>& open, isla::Progress& progress) {
  const std::size_t components = rows.components();
  const std::int32_t step = grid.resolution - 1;
  const auto length = static_cast<std::size_t>(grid.resolution) * components;
  std::span<const T> row;            // the world row in use: valid until rows.next()
  std::vector<T> padded(length);     // a tile's row that crosses the world's east edge
  std::int32_t filled = -1;          // the world row in `row`
  const auto load = [&](std::int32_t z) {
    // Rows past the world's last repeat it.
    while (filled < std::min(z, grid.worldHeight - 1)) {
      row = rows.next();
      ++filled;
    }
  };
  // Tile tileX's part of the row: in place, or padded by repeating the world's last column.
  const auto part = [&](std::int32_t tileX) -> std::span<const T> {
    const auto begin = static_cast<std::size_t>(tileX * step) * components;
    if (begin + length <= row.size()) return row.subspan(begin, length);
    const std::span<const T> inside = row.subspan(std::min(begin, row.size()));
    std::copy(inside.begin(), inside.end(), padded.begin());
    for (std::size_t at = inside.size(); at < length; at += components) {
      std::copy(row.end() - static_cast<std::ptrdiff_t>(components), row.end(), padded.begin() + static_cast<std::ptrdiff_t>(at));
    }
    return padded;
  };
  for (std::int32_t tileZ = 0; tileZ < grid.tilesZ; ++tileZ) {
    std::vector<std::unique_ptr<BasicTileSink<T>>> sinks;
    for (std::int32_t tileX = 0; tileX < grid.tilesX; ++tileX) sinks.push_back(open(tileX, tileZ));
    for (std::int32_t z = 0; z < grid.resolution; ++z) {
      if (z % 256 == 0) isla::checkInterrupted();
      load(tileZ * step + z);
      for (std::int32_t tileX = 0; tileX < grid.tilesX; ++tileX) sinks[static_cast<std::size_t>(tileX)]->row(part(tileX));
    }
    for (const auto& sink : sinks) sink->finish();
    progress.update(static_cast<double>(tileZ + 1) / grid.tilesZ);
  }
}

// The world's heights into every tile.
void streamTiles(const isla::World& world, const TileGrid& grid, const OpenTile& open, isla::Progress& progress);

// The sidecar members both presets write: `sizeKey` (the tile size),
// tiles_x, tiles_z, world_samples and padded_samples [x, z], spacing_m.
void writeGridMembers(isla::JsonWriter& json, const isla::World& world, const TileGrid& grid, std::string_view sizeKey);
// "tiles": one object a tile, row by row: name, file (NAME + extension), x,
// z, origin_m [x, z] of its sample (0, 0), then what `more` adds.
using TileMembers = std::function<void(std::int32_t x, std::int32_t z, double originX, double originZ)>;
void writeTileList(isla::JsonWriter& json, const isla::World& world, const TileGrid& grid, std::string_view extension,
                   const TileMembers& more);
// NAME: [a, b] on one line.
void writePair(isla::JsonWriter& json, std::string_view name, double a, double b);

}  // namespace isla_png
