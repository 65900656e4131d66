// SPDX-License-Identifier: MIT
#include "isla/diff/change_image.hpp"

#include <algorithm>
#include <bit>
#include <cmath>

#include <boost/json/array.hpp>

#include "isla/parallel/parallel.hpp"

namespace isla::diff {

namespace {

Rgb8 blend(const Rgb8& from, const Rgb8& to, double t) {
  Rgb8 out{};
  for (std::size_t c = 0; c < 3; ++c) {
    out[c] = static_cast<std::uint8_t>(std::lround(from[c] + (to[c] - from[c]) * t));
  }
  return out;
}

boost::json::array rgbJson(const Rgb8& colour) { return {colour[0], colour[1], colour[2]}; }

}  // namespace

ChangeImage::ChangeImage(const Raster& heightsA, const Raster& heightsB, OceanMask oceanA, OceanMask oceanB,
                         double scaleM, const Units& units)
    : a_(heightsA), heightsA_(heightsA.values<float>()), heightsB_(heightsB.values<float>()), oceanA_(oceanA), oceanB_(oceanB), scaleRaw_(scaleM / units.heightScaleM),
      scaleM_(scaleM) {}

bool ChangeImage::coast(const OceanMask& ocean, std::int64_t x, std::int64_t y) const {
  if (!ocean || !ocean.at(a_.index(x, y))) return false;
  const std::int64_t n = a_.mapSize();
  const auto land = [&](std::int64_t nx, std::int64_t ny) {
    return nx >= 0 && ny >= 0 && nx < n && ny < n && !ocean.at(a_.index(nx, ny));
  };
  return land(x - 1, y) || land(x + 1, y) || land(x, y - 1) || land(x, y + 1);
}

Rgb8 ChangeImage::pixel(std::int64_t x, std::int64_t y) const {
  const bool coastA = coast(oceanA_, x, y);
  const bool coastB = coast(oceanB_, x, y);
  if (coastA && coastB) return colours_.coastlineBoth;
  if (coastA) return colours_.coastlineA;
  if (coastB) return colours_.coastlineB;
  const auto index = a_.index(x, y);
  const float from = heightsA_[index].value();
  const float to = heightsB_[index].value();
  if (std::bit_cast<std::uint32_t>(from) == std::bit_cast<std::uint32_t>(to)) return colours_.unchanged;
  const double change = static_cast<double>(to) - from;
  if (std::isnan(change)) return colours_.unchanged;
  const double t = std::min(1.0, std::fabs(change) / scaleRaw_);
  return blend(colours_.unchanged, change > 0 ? colours_.raised : colours_.lowered, t);
}

void ChangeImage::render(std::uint32_t first, std::uint32_t rows, std::span<std::uint8_t> out, unsigned threads) const {
  const std::size_t n = size();
  constexpr std::size_t kColumnsATask = 256;
  // Each task a run of columns, read down the grid's contiguous Y.
  parallelFor((n + kColumnsATask - 1) / kColumnsATask, threads, [&](std::size_t task) {
    const std::size_t end = std::min(n, (task + 1) * kColumnsATask);
    for (std::size_t x = task * kColumnsATask; x < end; ++x) {
      for (std::uint32_t k = 0; k < rows; ++k) {
        const Rgb8 rgb = pixel(static_cast<std::int64_t>(x), static_cast<std::int64_t>(first + k));
        std::copy(rgb.begin(), rgb.end(), out.begin() + static_cast<std::ptrdiff_t>((k * n + x) * 3));
      }
    }
  });
}

boost::json::object ChangeImage::legend() const {
  return {{"format", "isla-tool.diff-image"},
          {"width", size()},
          {"height", size()},
          {"orientation", "column x = pixel x, row y = pixel y (world z), row 0 at the top"},
          {"change", "height in B minus height in A"},
          {"scale_m", scaleM_},
          {"colours", {{"lowered", rgbJson(colours_.lowered)},
                       {"unchanged", rgbJson(colours_.unchanged)},
                       {"raised", rgbJson(colours_.raised)},
                       {"coastline_a", rgbJson(colours_.coastlineA)},
                       {"coastline_b", rgbJson(colours_.coastlineB)},
                       {"coastline_both", rgbJson(colours_.coastlineBoth)}}},
          {"mapping", "a change c is drawn as unchanged blended towards raised (c > 0) or lowered (c < 0) "
                      "by min(1, |c| / scale_m); an ocean pixel with a land 4-neighbour is a coastline"},
          {"coastlines", {{"a", static_cast<bool>(oceanA_)}, {"b", static_cast<bool>(oceanB_)}}}};
}

}  // namespace isla::diff
