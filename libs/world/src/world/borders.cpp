// SPDX-License-Identifier: MIT
#include "borders.hpp"

#include <cmath>

#include "isla/document/bits_text.hpp"
#include "isla/json/json_text.hpp"

namespace isla {

Normal normalFromSlopes(double dhdx, double dhdz) {
  const double length = std::sqrt(dhdx * dhdx + 1.0 + dhdz * dhdz);
  return Normal{-dhdx / length, 1.0 / length, -dhdz / length};
}

namespace {

// The derivative along one axis at index i of n samples: central inside,
// one-sided at the ends.
template <class Height>
double derivative(const Height& h, std::int64_t i, std::int64_t n, double spacing) {
  if (i == 0) return (h(1) - h(0)) / spacing;
  if (i == n - 1) return (h(n - 1) - h(n - 2)) / spacing;
  return (h(i + 1) - h(i - 1)) / (2 * spacing);
}

}  // namespace

SourceBorders readBorders(const Raster& heights, double scale, double spacing) {
  const std::int64_t n = heights.mapSize();
  auto read = [&](std::int64_t x, std::int64_t z) { return jsonFloat(sourceHeight(heights, scale, x, z)); };
  auto normalAt = [&](std::int64_t x, std::int64_t z) {
    const double dhdx = derivative([&](std::int64_t i) { return read(i, z); }, x, n, spacing);
    const double dhdz = derivative([&](std::int64_t i) { return read(x, i); }, z, n, spacing);
    return normalFromSlopes(dhdx, dhdz);
  };
  SourceBorders out;
  for (const Side side : kSides) {
    BorderLine& line = out.sides[static_cast<std::size_t>(side)];
    line.heights.resize(static_cast<std::size_t>(n));
    line.normals.resize(static_cast<std::size_t>(n));
    for (std::int64_t i = 0; i < n; ++i) {
      std::int64_t x = i, z = i;
      switch (side) {
        case Side::North: z = 0; break;
        case Side::South: z = n - 1; break;
        case Side::West: x = 0; break;
        case Side::East: x = n - 1; break;
      }
      line.heights[static_cast<std::size_t>(i)] = sourceHeight(heights, scale, x, z);
      line.normals[static_cast<std::size_t>(i)] = normalAt(x, z);
    }
  }
  return out;
}

std::string bordersText(const SourceBorders& borders) {
  std::string text;
  for (const BorderLine& line : borders.sides) {
    text.reserve(text.size() + line.heights.size() * (8 + 3 * 16) + 1);
    for (std::size_t i = 0; i < line.heights.size(); ++i) {
      appendBits(text, line.heights[i]);
      appendBits(text, line.normals[i].x);
      appendBits(text, line.normals[i].y);
      appendBits(text, line.normals[i].z);
    }
    text.push_back('\n');
  }
  return text;
}

std::optional<SourceBorders> bordersFromText(std::string_view text, std::int32_t mapSize) {
  SourceBorders borders;
  for (BorderLine& line : borders.sides) {
    line.heights.resize(static_cast<std::size_t>(mapSize));
    line.normals.resize(static_cast<std::size_t>(mapSize));
    for (std::size_t i = 0; i < line.heights.size(); ++i) {
      Normal& normal = line.normals[i];
      if (!takeBits(text, line.heights[i]) || !takeBits(text, normal.x) || !takeBits(text, normal.y) ||
          !takeBits(text, normal.z)) {
        return std::nullopt;
      }
    }
    if (!text.starts_with('\n')) return std::nullopt;
    text.remove_prefix(1);
  }
  if (!text.empty()) return std::nullopt;
  return borders;
}

LineEnd lineEnd(const BorderLine& line, std::size_t index, Axis across) {
  const Normal& n = line.normals[index];
  const double along = across == Axis::X ? n.x : n.z;
  return LineEnd{line.heights[index], jsonFloat(line.heights[index]), -along / n.y};
}

float hermiteSample(const LineEnd& a, const LineEnd& b, std::int32_t gap, double spacing,
                    std::int32_t i) {
  if (i == 0) return a.height;
  if (i == gap) return b.height;
  const double t = static_cast<double>(i) / gap;
  const double length = gap * spacing;
  const double t2 = t * t, t3 = t2 * t;
  const double h0 = a.value, h1 = b.value;
  const double value = (2 * t3 - 3 * t2 + 1) * h0 + (t3 - 2 * t2 + t) * length * a.slope +
                       (-2 * t3 + 3 * t2) * h1 + (t3 - t2) * length * b.slope;
  return static_cast<float>(value);
}

std::vector<float> hermiteLine(const LineEnd& a, const LineEnd& b, std::int32_t gap, double spacing) {
  std::vector<float> out(static_cast<std::size_t>(gap) + 1);
  for (std::int32_t i = 0; i <= gap; ++i) out[static_cast<std::size_t>(i)] = hermiteSample(a, b, gap, spacing, i);
  return out;
}

namespace {

const SourceBorders& bordersOf(const World& world, std::int32_t row, std::int32_t col) {
  return world.borders->sources[static_cast<std::size_t>(row * world.cols + col)];
}

}  // namespace

bool isVerticalStrip(const Patch& strip) { return strip.latticeRow % 2 == 0; }

// A vertical strip at (2r, 2c+1) runs from source (r, c)'s east border to
// (r, c+1)'s west border; a horizontal one at (2r+1, 2c) from (r, c)'s south
// border to (r+1, c)'s north border.
const BorderLine& stripStartBorder(const World& world, const Patch& strip) {
  const std::int32_t r = strip.latticeRow / 2, c = strip.latticeCol / 2;
  return bordersOf(world, r, c).side(isVerticalStrip(strip) ? Side::East : Side::South);
}

const BorderLine& stripEndBorder(const World& world, const Patch& strip) {
  const std::int32_t r = strip.latticeRow / 2, c = strip.latticeCol / 2;
  return isVerticalStrip(strip) ? bordersOf(world, r, c + 1).side(Side::West)
                                : bordersOf(world, r + 1, c).side(Side::North);
}

LineEnd stripLineStart(const World& world, const Patch& strip, std::size_t index) {
  return lineEnd(stripStartBorder(world, strip), index, isVerticalStrip(strip) ? Axis::X : Axis::Z);
}

LineEnd stripLineEnd(const World& world, const Patch& strip, std::size_t index) {
  return lineEnd(stripEndBorder(world, strip), index, isVerticalStrip(strip) ? Axis::X : Axis::Z);
}

std::vector<float> stripLine(const World& world, const Patch& strip, std::size_t index) {
  return hermiteLine(stripLineStart(world, strip, index), stripLineEnd(world, strip, index),
                     world.settings.gapCells, world.settings.spacingM);
}

std::array<std::vector<float>, 4> cornerBoundaries(const World& world, const Patch& corner) {
  const auto last = static_cast<std::size_t>(world.mapSize - 1);
  auto neighbour = [&](Side side) -> const Patch& {
    return world.patches[*corner.neighbours[static_cast<std::size_t>(side)]];
  };
  std::array<std::vector<float>, 4> out;
  out[static_cast<std::size_t>(Side::North)] = stripLine(world, neighbour(Side::North), last);
  out[static_cast<std::size_t>(Side::South)] = stripLine(world, neighbour(Side::South), 0);
  out[static_cast<std::size_t>(Side::West)] = stripLine(world, neighbour(Side::West), last);
  out[static_cast<std::size_t>(Side::East)] = stripLine(world, neighbour(Side::East), 0);
  return out;
}

std::vector<float> coonsPatch(const std::array<std::vector<float>, 4>& boundaries, std::int32_t gap) {
  const auto& north = boundaries[static_cast<std::size_t>(Side::North)];
  const auto& east = boundaries[static_cast<std::size_t>(Side::East)];
  const auto& south = boundaries[static_cast<std::size_t>(Side::South)];
  const auto& west = boundaries[static_cast<std::size_t>(Side::West)];
  const auto size = static_cast<std::size_t>(gap) + 1;
  auto at = [](const std::vector<float>& line, std::size_t i) { return jsonFloat(line[i]); };
  const double nw = at(north, 0), ne = at(north, size - 1), sw = at(south, 0), se = at(south, size - 1);
  std::vector<float> out(size * size);
  for (std::size_t z = 0; z < size; ++z) {
    const double v = static_cast<double>(z) / gap;
    for (std::size_t x = 0; x < size; ++x) {
      float& sample = out[z * size + x];
      if (z == 0) { sample = north[x]; continue; }
      if (z == size - 1) { sample = south[x]; continue; }
      if (x == 0) { sample = west[z]; continue; }
      if (x == size - 1) { sample = east[z]; continue; }
      const double u = static_cast<double>(x) / gap;
      const double value = (1 - v) * at(north, x) + v * at(south, x) + (1 - u) * at(west, z) +
                           u * at(east, z) -
                           ((1 - u) * (1 - v) * nw + u * (1 - v) * ne + (1 - u) * v * sw + u * v * se);
      sample = static_cast<float>(value);
    }
  }
  return out;
}

}  // namespace isla
