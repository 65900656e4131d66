// SPDX-License-Identifier: MIT
// The picture of a height change: a diverging colour a pixel (blue lowered,
// white unchanged, red raised, full colour at the scale), with both
// blueprints' coastlines drawn over it. Rendered in bands of image rows for
// an encoder that never holds the whole image.
#pragma once

#include <array>
#include <cstdint>
#include <span>

#include <boost/json/object.hpp>

#include "isla/diff/diff_layers.hpp"
#include "isla/base/units.hpp"

namespace isla::diff {

using Rgb8 = std::array<std::uint8_t, 3>;

struct ChangeImageColours {
  Rgb8 lowered{33, 102, 172};
  Rgb8 unchanged{255, 255, 255};
  Rgb8 raised{178, 24, 43};
  Rgb8 coastlineA{0, 0, 0};
  Rgb8 coastlineB{0, 170, 0};
  Rgb8 coastlineBoth{96, 96, 96};
};

class ChangeImage {
 public:
  // Heights of the same MapSize; `scaleM` (> 0) is the change drawn at full colour.
  ChangeImage(const Raster& heightsA, const Raster& heightsB, OceanMask oceanA, OceanMask oceanB, double scaleM,
              const Units& units);

  std::uint32_t size() const { return static_cast<std::uint32_t>(a_.mapSize()); }
  // Image rows first .. first + rows - 1 (row y = pixel y, column x = pixel
  // x), RGB, 3 * size() bytes a row, into `out`; on `threads` threads.
  void render(std::uint32_t first, std::uint32_t rows, std::span<std::uint8_t> out, unsigned threads) const;
  // The sidecar: the scale, the colours, what each means.
  boost::json::object legend() const;

 private:
  Rgb8 pixel(std::int64_t x, std::int64_t y) const;
  bool coast(const OceanMask& ocean, std::int64_t x, std::int64_t y) const;

  const Raster& a_;
  std::span<const LittleEndianT<float>> heightsA_, heightsB_;
  OceanMask oceanA_, oceanB_;
  double scaleRaw_;
  double scaleM_;
  ChangeImageColours colours_;
};

}  // namespace isla::diff
