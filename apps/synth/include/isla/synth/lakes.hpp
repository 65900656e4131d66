// SPDX-License-Identifier: MIT
// Lakes: basins carved into the land and filled to a level below their rim.
// A basin's outline is one predicate, shared by the carving and the water
// labelling, so the lake pixels and the carved pixels are the same set.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "isla/synth/grid.hpp"
#include "isla/synth/terrain.hpp"

namespace isla::synth {

struct PixelBox {
  std::int32_t x0, y0, x1, y1;  // inclusive
};

struct LakeBasin {
  double centreX = 0;  // pixels
  double centreY = 0;
  double radius = 0;  // the mean shore radius, pixels
  // The shore radius wobbles by the factor 1 + sum over k = 2, 3, 5 of
  // lobeCos_k cos(k angle) - lobeSin_k sin(k angle): lobes without trigonometry.
  std::array<double, 3> lobeCos{};
  std::array<double, 3> lobeSin{};
  float level = 0;  // the surface, raw; a multiple of the WSRF step
  // The shore distance at which the carved bank meets the terrain again.
  double bankReach = 1;

  // 0 at the centre, 1 on the shore, whatever the direction.
  double shoreDistance(double x, double y) const;
  bool contains(std::int32_t x, std::int32_t y) const { return shoreDistance(x, y) < 1; }
  // How far from the centre, in pixels, `reach` shore distances can extend.
  double extent(double reach) const;
  // The pixels within `reach` shore distances, clipped to the map.
  PixelBox bounds(double reach, std::int32_t mapSize) const;
};

struct LakeSettings {
  std::int32_t seed = 1;
  std::int32_t count = 4;
  float seaLevel = 0.15f;
  double reliefScale = 1;  // relief_scale.hpp: depths, margins and bounds follow it
};

// Up to `count` basins on the land, away from the crater, the coast and each
// other; fewer when the land has no room for more.
std::vector<LakeBasin> carveLakes(Grid<float>& heights, const LakeSettings& settings, const Crater& crater);

}  // namespace isla::synth
