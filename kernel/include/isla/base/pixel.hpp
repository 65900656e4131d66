// SPDX-License-Identifier: MIT
// A pixel of a grid: (x, y), X outer / Y inner, as the spec numbers them.
#pragma once

#include <cstdint>
#include <string>

namespace isla {

struct PixelRef {
  std::int64_t x = 0;
  std::int64_t y = 0;
};

// Element `index` of a MapSize x MapSize grid.
inline PixelRef pixelOf(std::uint64_t index, std::int32_t mapSize) {
  const auto side = static_cast<std::uint64_t>(mapSize);
  return {static_cast<std::int64_t>(index / side), static_cast<std::int64_t>(index % side)};
}

// "(x, y)"
inline std::string toText(const PixelRef& pixel) {
  return "(" + std::to_string(pixel.x) + ", " + std::to_string(pixel.y) + ")";
}

}  // namespace isla
