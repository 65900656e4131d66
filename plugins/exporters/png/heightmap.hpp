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

namespace isla_png {

struct HeightmapImage {
  std::string name;  // "heightmap" or "heightmap/p-0-0": writes NAME.png and NAME.json
  std::int32_t width = 0;
  std::int32_t height = 0;
  double originX = 0;  // world metres of pixel (0, 0)
  double originZ = 0;
  double minM = 0;
  double maxM = 0;
};

void writeHeightmap(const std::filesystem::path& stage, const HeightmapImage& image, double spacingM, int compression,
                    const std::function<std::span<const float>()>& nextRow, const std::function<void()>& rowWritten);

}  // namespace isla_png
