// SPDX-License-Identifier: MIT
// What strips and corners are made of: each source's four border lines
// (heights and canonical normals) and the cubic Hermite line across a gap.
// Internal to the kernel.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "isla/model/raster.hpp"
#include "isla/world/world.hpp"

namespace isla {

struct BorderLine {
  std::vector<float> heights;  // float32 metres, in increasing X or Z
  std::vector<Normal> normals;
};

struct SourceBorders {
  std::array<BorderLine, 4> sides;  // by Side
  const BorderLine& side(Side s) const { return sides[static_cast<std::size_t>(s)]; }
};

struct World::Borders {
  std::vector<SourceBorders> sources;  // by World::sources
};

// A source sample in float32 metres: raw x height_scale_m, rounded.
inline float sourceHeight(const Raster& heights, double scale, std::int64_t x, std::int64_t z) {
  return static_cast<float>(static_cast<double>(heights.at<float>(x, z)) * scale);
}

// The unit upward normal of a surface with these slopes.
Normal normalFromSlopes(double dhdx, double dhdz);

// The four border lines of one source, normals from finite differences of
// its heights as read back from JSON (central along, one-sided across).
SourceBorders readBorders(const Raster& heights, double scale, double spacing);

// Border lines as text, every value exact (bits_text.hpp): one line a side,
// in kSides order. And back: none unless the text is the lines of a source
// of `mapSize` samples a side.
std::string bordersText(const SourceBorders& borders);
std::optional<SourceBorders> bordersFromText(std::string_view text, std::int32_t mapSize);

// One end of a line across a gap: its height and the slope across the gap
// (dh per metre, in the direction of the line).
struct LineEnd {
  float height;
  double value;  // the height as read back from JSON
  double slope;
};
LineEnd lineEnd(const BorderLine& line, std::size_t index, Axis across);

// Sample `i` of `gap + 1` of the cubic Hermite from `a` to `b`; the end
// samples are `a` and `b` exactly.
float hermiteSample(const LineEnd& a, const LineEnd& b, std::int32_t gap, double spacing,
                    std::int32_t i);
std::vector<float> hermiteLine(const LineEnd& a, const LineEnd& b, std::int32_t gap, double spacing);

// The lines across a strip and the boundaries of a corner, from the borders
// of the sources around them (World::sources in (row, col) order).
// A vertical strip (even row, odd col) is made of rows across x; a
// horizontal one (odd row, even col) of columns across z.
const BorderLine& stripStartBorder(const World& world, const Patch& strip);
const BorderLine& stripEndBorder(const World& world, const Patch& strip);
LineEnd stripLineStart(const World& world, const Patch& strip, std::size_t index);
LineEnd stripLineEnd(const World& world, const Patch& strip, std::size_t index);
std::vector<float> stripLine(const World& world, const Patch& strip, std::size_t index);
bool isVerticalStrip(const Patch& strip);
// The boundaries of a corner patch (north, east, south, west), each the end
// line of the strip beside it.
std::array<std::vector<float>, 4> cornerBoundaries(const World& world, const Patch& corner);

// The heights of a corner patch, (gap + 1)^2, row z outer: the Coons patch
// of its four boundary lines (north, east, south, west; each in increasing
// X or Z), which it matches exactly.
std::vector<float> coonsPatch(const std::array<std::vector<float>, 4>& boundaries, std::int32_t gap);

}  // namespace isla
