// SPDX-License-Identifier: MIT
#include "transition_images.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <numeric>

#include <isla/base/interrupt.hpp>
#include <isla/base/io_error.hpp>
#include <isla/publish/file_writer.hpp>

#include "biome_image.hpp"
#include "biome_palette.hpp"

namespace isla_png {

namespace {

using Colour = std::array<double, 3>;

// The Hermite value basis the gap curves blend their ends with (as the heights and the material layers).
double smoothstep(std::int32_t i, std::int32_t gap) {
  const double t = static_cast<double>(i) / gap;
  return t * t * (3 - 2 * t);
}

Colour blend(const Colour& from, const Colour& to, std::int32_t i, std::int32_t gap) {
  const double s = smoothstep(i, gap);
  return {(1 - s) * from[0] + s * to[0], (1 - s) * from[1] + s * to[1], (1 - s) * from[2] + s * to[2]};
}

Rgb rounded(const Colour& colour) {
  Rgb out;
  for (std::size_t k = 0; k < 3; ++k) out[k] = static_cast<std::uint8_t>(std::lround(std::clamp(colour[k], 0.0, 255.0)));
  return out;
}

class Borders {
 public:
  Borders(const isla::World& world, const std::vector<Rgb>& palette) : world_(world), palette_(palette) {}

  // The colour of pixel (x, z) of the source at lattice row `row`, column `col` (in sources).
  Colour at(std::int32_t row, std::int32_t col, std::int32_t x, std::int32_t z) const {
    const isla::Patch* patch = world_.patch(2 * row, 2 * col);
    const std::uint8_t ordinal = biomeClasses(world_.sources[*patch->source]).at<std::uint8_t>(x, z);
    // An ordinal past the enum table (the biome validator reports it) is magenta, as the biome images show it.
    const Rgb colour = ordinal < palette_.size() ? palette_[ordinal] : Rgb{255, 0, 255};
    return {static_cast<double>(colour[0]), static_cast<double>(colour[1]), static_cast<double>(colour[2])};
  }
  std::int32_t last() const { return world_.mapSize - 1; }
  std::int32_t gap() const { return world_.settings.gapCells; }

 private:
  const isla::World& world_;
  const std::vector<Rgb>& palette_;
};

// Row z of a strip: a vertical one (between the sources west and east of
// it) blends along the row, a horizontal one (north and south) down its columns.
std::vector<Rgb> stripRow(const Borders& borders, const isla::Patch& patch, std::int32_t z) {
  const std::int32_t r = patch.latticeRow / 2, c = patch.latticeCol / 2, gap = borders.gap(), n = borders.last();
  std::vector<Rgb> row;
  row.reserve(static_cast<std::size_t>(patch.pointsX));
  const bool vertical = patch.latticeRow % 2 == 0;
  for (std::int32_t x = 0; x < patch.pointsX; ++x) {
    row.push_back(rounded(vertical ? blend(borders.at(r, c, n, z), borders.at(r, c + 1, 0, z), x, gap)
                                   : blend(borders.at(r, c, x, n), borders.at(r + 1, c, x, 0), z, gap)));
  }
  return row;
}

// Row j of a corner: the Coons patch of the ends of the four strips around it.
std::vector<Rgb> cornerRow(const Borders& borders, const isla::Patch& patch, std::int32_t j) {
  const std::int32_t r = patch.latticeRow / 2, c = patch.latticeCol / 2, gap = borders.gap(), n = borders.last();
  // Sample i of the boundary on each side.
  const auto north = [&](std::int32_t i) { return blend(borders.at(r, c, n, n), borders.at(r, c + 1, 0, n), i, gap); };
  const auto south = [&](std::int32_t i) { return blend(borders.at(r + 1, c, n, 0), borders.at(r + 1, c + 1, 0, 0), i, gap); };
  const auto west = [&](std::int32_t i) { return blend(borders.at(r, c, n, n), borders.at(r + 1, c, n, 0), i, gap); };
  const auto east = [&](std::int32_t i) { return blend(borders.at(r, c + 1, 0, n), borders.at(r + 1, c + 1, 0, 0), i, gap); };
  const double v = static_cast<double>(j) / gap;
  const Colour nw = north(0), ne = north(gap), sw = south(0), se = south(gap);
  const Colour w = west(j), e = east(j);
  std::vector<Rgb> row;
  row.reserve(static_cast<std::size_t>(gap + 1));
  for (std::int32_t i = 0; i <= gap; ++i) {
    if (j == 0 || j == gap || i == 0 || i == gap) {
      row.push_back(rounded(j == 0 ? north(i) : j == gap ? south(i) : i == 0 ? w : e));
      continue;
    }
    const double u = static_cast<double>(i) / gap;
    const Colour n0 = north(i), s0 = south(i);
    Colour value;
    for (std::size_t k = 0; k < 3; ++k) {
      const double ruled = (1 - v) * n0[k] + v * s0[k] + (1 - u) * w[k] + u * e[k];
      const double bilinear = (1 - u) * (1 - v) * nw[k] + u * (1 - v) * ne[k] + (1 - u) * v * sw[k] + u * v * se[k];
      value[k] = ruled - bilinear;
    }
    row.push_back(rounded(value));
  }
  return row;
}

}  // namespace

std::string transitionImagePath(const isla::Patch& patch) {
  return std::string(kTransitionDirectory) + "/" + patch.id + ".png";
}

std::string terrainImagePath(const isla::World& world, const isla::Patch& patch) {
  if (!patch.source) return transitionImagePath(patch);
  return std::string(kBiomeDirectory) + "/" + world.sources[*patch.source].id + ".png";
}

std::vector<Rgb> transitionRow(const isla::World& world, std::size_t patch, const std::vector<Rgb>& palette,
                               std::int32_t z) {
  const isla::Patch& p = world.patches.at(patch);
  const Borders borders(world, palette);
  switch (p.kind) {
    case isla::PatchKind::Strip:
      return stripRow(borders, p, z);
    case isla::PatchKind::Corner:
      return cornerRow(borders, p, z);
    case isla::PatchKind::Source:
      break;
  }
  throw std::invalid_argument("patch " + p.id + " is a source: its colours are its biome image");
}

void writeTransitionImages(const std::filesystem::path& stage, const isla::World& world, const isla::EnumTable& enums,
                           const std::vector<std::size_t>& patches) {
  const std::vector<Rgb> palette = biomePalette(enums);
  bool any = false;
  for (const std::size_t p : patches) {
    const isla::Patch& patch = world.patches[p];
    if (patch.kind == isla::PatchKind::Source) continue;
    if (!any) isla::createDirectory(stage / kTransitionDirectory);
    any = true;
    ImageHeader header;
    header.width = static_cast<std::uint32_t>(patch.pointsX);
    header.height = static_cast<std::uint32_t>(patch.pointsZ);
    header.format = PixelFormat::Rgb8;
    isla::FileWriter file = isla::FileWriter::create(stage / transitionImagePath(patch));
    {
      PngEncoder png(file, header);
      for (std::int32_t z = 0; z < patch.pointsZ; ++z) {
        if (z % 256 == 0) isla::checkInterrupted();
        const std::vector<Rgb> row = transitionRow(world, p, palette, z);
        png.writeRow(std::span(row.front().data(), row.size() * row.front().size()));
      }
    }
    file.close();
  }
}

void writeTransitionImages(const std::filesystem::path& stage, const isla::World& world, const isla::EnumTable& enums) {
  std::vector<std::size_t> every(world.patches.size());
  std::iota(every.begin(), every.end(), std::size_t{0});
  writeTransitionImages(stage, world, enums, every);
}

}  // namespace isla_png
