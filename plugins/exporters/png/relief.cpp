// SPDX-License-Identifier: MIT
// The hillshade is taken on the world mosaic (three world rows at a time),
// so patch seams do not show. Strips and corners have no biome or water of
// their own: a pixel there takes the nearest source pixel's, which carries
// each source's edge across the gap; the sources' grids are read a band of
// rows at a time (RasterRows), never pixel by pixel. Under water the
// floor's relief fades out as the water deepens. Roads and towns are few pixels: they are drawn
// into a sparse overlay by row first, then laid on as rows pass.
#include "relief.hpp"

#include <isla/base/interrupt.hpp>
#include <isla/model/raster.hpp>
#include <isla/publish/file_writer.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <optional>
#include <span>
#include <vector>

#include "biome_image.hpp"
#include "biome_palette.hpp"
#include "png_encoder.hpp"
#include "raster_rows.hpp"
#include "world_rows.hpp"

namespace isla_png {

namespace {

constexpr Rgb kShallow{96, 168, 208};
constexpr Rgb kDeep{16, 40, 96};
constexpr double kDeepM = 40;  // depth drawn as kDeep
constexpr Rgb kRoad{60, 50, 40};
constexpr Rgb kTown{170, 30, 30};

// Along one axis: for each world pixel, the source (by lattice index / 2)
// nearest to it and the pixel of that source it takes.
struct Nearest {
  std::vector<std::int32_t> source;
  std::vector<std::int32_t> pixel;
};

Nearest nearestAlong(std::int64_t length, const std::vector<std::int64_t>& starts, std::int32_t mapSize) {
  Nearest out{std::vector<std::int32_t>(static_cast<std::size_t>(length)),
              std::vector<std::int32_t>(static_cast<std::size_t>(length))};
  for (std::int64_t i = 0; i < length; ++i) {
    std::int64_t best = std::numeric_limits<std::int64_t>::max();
    for (std::size_t s = 0; s < starts.size(); ++s) {
      const std::int64_t local = std::clamp<std::int64_t>(i - starts[s], 0, mapSize - 1);
      const std::int64_t distance = std::abs(i - starts[s] - local);
      if (distance < best) {
        best = distance;
        out.source[static_cast<std::size_t>(i)] = static_cast<std::int32_t>(s);
        out.pixel[static_cast<std::size_t>(i)] = static_cast<std::int32_t>(local);
      }
    }
  }
  return out;
}

// The biome classes and water body ids of the sources of one source row
// (lattice row 2 r), a pixel row at a time: only that row's sources hold a
// band.
class SourceRowGrids {
 public:
  struct Row {
    std::size_t source = 0;
    std::span<const std::uint8_t> biomes;
    std::span<const std::uint16_t> ids;  // empty: the source has no water body ids
  };

  explicit SourceRowGrids(const isla::World& world) : world_(world) {}

  // By source column: pixel row `pixel` of each source of source row `sourceRow`.
  const std::vector<Row>& rows(std::int32_t sourceRow, std::int32_t pixel) {
    if (sourceRow != sourceRow_) open(sourceRow);
    for (std::size_t c = 0; c < rows_.size(); ++c) {
      rows_[c].biomes = biomes_[c].row(pixel);
      if (ids_[c]) rows_[c].ids = ids_[c]->row(pixel);
    }
    return rows_;
  }

 private:
  void open(std::int32_t sourceRow) {
    rows_.clear();
    biomes_.clear();
    ids_.clear();
    for (std::int32_t c = 0; c < world_.cols; ++c) {
      const std::size_t index = *world_.patch(2 * sourceRow, 2 * c)->source;
      const isla::WorldSource& source = world_.sources[index];
      rows_.push_back({.source = index, .biomes = {}, .ids = {}});
      biomes_.emplace_back(biomeClasses(source));
      const auto* ids = source.role<isla::WaterBodyIdGrid>();
      ids_.push_back(ids ? std::optional<RasterRows<std::uint16_t>>(std::in_place, ids->ids) : std::nullopt);
    }
    sourceRow_ = sourceRow;
  }

  const isla::World& world_;
  std::int32_t sourceRow_ = -1;
  std::vector<Row> rows_;
  std::vector<RasterRows<std::uint8_t>> biomes_;
  std::vector<std::optional<RasterRows<std::uint16_t>>> ids_;
};

using Overlay = std::map<std::int64_t, std::vector<std::pair<std::int64_t, Rgb>>>;  // by row

void dot(Overlay& overlay, std::int64_t x, std::int64_t z, std::int64_t radius, Rgb colour) {
  for (std::int64_t dz = -radius; dz <= radius; ++dz) {
    for (std::int64_t dx = -radius; dx <= radius; ++dx) overlay[z + dz].emplace_back(x + dx, colour);
  }
}

Overlay drawScenery(const isla::World& world) {
  Overlay overlay;
  const double spacing = world.settings.spacingM;
  for (const isla::Scenery& scenery : world.scenery) {
    for (const isla::SceneryRoad& road : scenery.roads) {
      const std::int64_t radius = road.tier == "highway" ? 1 : 0;
      for (std::size_t i = 1; i < road.points.size(); ++i) {
        const double x0 = road.points[i - 1][0] / spacing, z0 = road.points[i - 1][2] / spacing;
        const double x1 = road.points[i][0] / spacing, z1 = road.points[i][2] / spacing;
        const auto steps = static_cast<std::int64_t>(std::ceil(std::max(std::abs(x1 - x0), std::abs(z1 - z0)))) + 1;
        for (std::int64_t k = 0; k <= steps; ++k) {
          const double t = static_cast<double>(k) / static_cast<double>(steps);
          dot(overlay, std::llround(x0 + t * (x1 - x0)), std::llround(z0 + t * (z1 - z0)), radius, kRoad);
        }
      }
    }
    for (const isla::SceneryEntity& town : scenery.entities) {
      dot(overlay, std::llround(town.position[0] / spacing), std::llround(town.position[2] / spacing), 3, kTown);
    }
  }
  return overlay;
}

Rgb blend(Rgb a, Rgb b, double t) {
  Rgb out;
  for (std::size_t c = 0; c < 3; ++c) out[c] = static_cast<std::uint8_t>(std::lround(a[c] + t * (b[c] - a[c])));
  return out;
}

// Lambert shading of the surface normal (-dh/dx, 1, -dh/dz) by a light from
// the north-west (-x, -z: z runs south), 45 degrees up; 0.3 ambient.
double shade(double dhdx, double dhdz) {
  // The light's unit vector is (-0.5, sqrt(0.5), -0.5).
  const double lit = (0.5 * dhdx + std::sqrt(0.5) + 0.5 * dhdz) / std::sqrt(dhdx * dhdx + 1 + dhdz * dhdz);
  return 0.3 + 0.7 * std::max(0.0, lit);
}

// A level surface's shade. Water hides the floor's relief as it deepens, so
// deep water is shaded as level: the blueprints' sea floor falls to a flat
// deep border in a square ring near each map edge (synth's border fade),
// which would otherwise frame every source.
const double kLevelLight = shade(0, 0);

}  // namespace

void writeRelief(const std::filesystem::path& stage, const isla::World& world, const isla::EnumTable& enums,
                 int compression, const std::function<void()>& rowWritten) {
  WorldRows rows(world);
  const std::int32_t width = rows.width(), height = rows.height();
  std::vector<std::int64_t> columnStarts, rowStarts;
  for (std::int32_t c = 0; c < world.cols; ++c) columnStarts.push_back(gridColumn(world, *world.patch(0, 2 * c)));
  for (std::int32_t r = 0; r < world.rows; ++r) rowStarts.push_back(gridRow(world, *world.patch(2 * r, 0)));
  const Nearest alongX = nearestAlong(width, columnStarts, world.mapSize);
  const Nearest alongZ = nearestAlong(height, rowStarts, world.mapSize);
  const std::vector<Rgb> palette = biomePalette(enums);
  std::map<std::pair<std::size_t, std::uint16_t>, double> levels;
  for (const isla::WaterRegion& region : world.waterRegions) levels[{region.source, region.bodyId}] = region.levelM;
  Overlay overlay = drawScenery(world);
  SourceRowGrids grids(world);

  ImageHeader header;
  header.width = static_cast<std::uint32_t>(width);
  header.height = static_cast<std::uint32_t>(height);
  header.format = PixelFormat::Rgb8;
  header.compression = compression;
  isla::FileWriter file = isla::FileWriter::create(stage / "relief.png");
  {
    PngEncoder png(file, header);
    std::vector<std::uint8_t> bytes(png.rowBytes());
    const auto copy = [&] {
      const auto row = rows.next();
      return std::vector<float>(row.begin(), row.end());
    };
    std::vector<float> current = copy(), previous = current, next = height > 1 ? copy() : current;
    const double twoSpacing = 2 * world.settings.spacingM;
    for (std::int32_t z = 0; z < height; ++z) {
      if (z % 256 == 0) isla::checkInterrupted();
      const auto zi = static_cast<std::size_t>(z);
      const std::vector<SourceRowGrids::Row>& sources = grids.rows(alongZ.source[zi], alongZ.pixel[zi]);
      for (std::int32_t x = 0; x < width; ++x) {
        const auto xi = static_cast<std::size_t>(x);
        const std::size_t west = x > 0 ? xi - 1 : xi, east = x + 1 < width ? xi + 1 : xi;
        const double dhdx = (current[east] - current[west]) / twoSpacing;
        const double dhdz = (next[xi] - previous[xi]) / twoSpacing;
        const SourceRowGrids::Row& source = sources[static_cast<std::size_t>(alongX.source[xi])];
        const auto px = static_cast<std::size_t>(alongX.pixel[xi]);
        Rgb colour = palette[std::min<std::size_t>(source.biomes[px], palette.size() - 1)];
        double depth = 0;  // 0 on land, 1 from kDeepM down
        if (!source.ids.empty() && source.ids[px] != 0) {
          if (const auto level = levels.find({source.source, source.ids[px]}); level != levels.end()) {
            depth = std::clamp((level->second - current[xi]) / kDeepM, 0.0, 1.0);
            colour = blend(kShallow, kDeep, depth);
          }
        }
        const double hillshade = shade(dhdx, dhdz);
        const double light = hillshade + depth * (kLevelLight - hillshade);
        for (std::size_t c = 0; c < 3; ++c) {
          bytes[3 * xi + c] = static_cast<std::uint8_t>(std::lround(colour[c] * light));
        }
      }
      if (const auto drawn = overlay.find(z); drawn != overlay.end()) {
        for (const auto& [x, colour] : drawn->second) {
          if (x < 0 || x >= width) continue;
          std::copy(colour.begin(), colour.end(), bytes.begin() + 3 * x);
        }
        overlay.erase(drawn);
      }
      png.writeRow(bytes);
      rowWritten();
      previous = std::move(current);
      current = std::move(next);
      next = z + 2 < height ? copy() : current;
    }
  }
  file.close();
}

}  // namespace isla_png
