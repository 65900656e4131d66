// SPDX-License-Identifier: MIT
// A 16-bit grayscale heightmap over the full 0..65535 range of its own
// min..max (value = round((h - min) / step), step = span / 65535), streamed
// row by row, with the mapping back to metres in a tEXt chunk and in a JSON
// sidecar beside it, with the figures Unity and Unreal ask for.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <span>
#include <string>
#include <utility>

#include <isla/world/world.hpp>

namespace isla_png {

// Unreal's landscape spans 512 m at Z scale 100: a height of 65535 levels
// over span_m needs span_m * 100 / 512.
inline constexpr double kUnrealMetresAtScale100 = 512.0;

// Heights to 16-bit levels over min..max.
class HeightLevels {
 public:
  HeightLevels(double minM, double maxM);
  double stepM() const { return step_; }
  // Half a step from the source at most: the rounding, never the range.
  std::uint16_t operator()(float height) const;

 private:
  double min_;
  double step_;
  double inverseStep_;  // 0 for a flat range: all zeros
};

enum class ByteOrder : std::uint8_t { Big, Little };

// `row` as 16-bit levels into `out` (2 bytes a sample) in `order`.
void levelBytes(std::span<const float> row, const HeightLevels& levels, ByteOrder order, std::span<std::uint8_t> out);

// The whole world's min..max from the World's figures of every patch.
std::pair<double, double> worldHeightRange(const isla::World& world);

// "min_m=... max_m=... step_m=... spacing_m=...", as the tEXt chunk gives it.
std::string heightMapping(double minM, double maxM, double spacingM);

struct HeightmapImage {
  std::string name;  // "heightmap" or "heightmap/p-0-0": writes NAME.png and NAME.json
  std::int32_t width = 0;
  std::int32_t height = 0;
  double originX = 0;  // world metres of pixel (0, 0)
  double originZ = 0;
  double minM = 0;
  double maxM = 0;
};

// Deflated on `threads` threads; the bytes do not depend on how many.
void writeHeightmap(const std::filesystem::path& stage, const HeightmapImage& image, double spacingM, int compression,
                    unsigned threads, const std::function<std::span<const float>()>& nextRow,
                    const std::function<void()>& rowWritten);

}  // namespace isla_png
