// SPDX-License-Identifier: MIT
// The road network, tier by tier: highways join the highway-node towns (a
// minimum spanning tree) through their exact positions; branches join every
// village to the nearest city or town; rugged roads join every hamlet to the
// nearest larger place; trails lead from the nearest town to the sights
// (each lake's shore, the crater's rim, the highest summits). Each tier
// prefers the roads already built.
#pragma once

#include <array>
#include <vector>

#include <isla/model/polylines.hpp>

#include "isla/synth/lakes.hpp"
#include "isla/synth/route.hpp"
#include "isla/synth/settlements.hpp"
#include "isla/synth/workers.hpp"

namespace isla::synth {

enum class RoadTier : std::uint8_t { Highway, Branch, Rugged, Trail };
inline constexpr std::size_t kRoadTierCount = 4;

using Polyline = std::vector<Point2f>;

struct RoadNetwork {
  // By RoadTier.
  std::array<std::vector<Polyline>, kRoadTierCount> tiers;

  std::size_t pathCount() const;
};

RoadNetwork planRoads(const CostGrid& grid, const std::vector<Town>& towns,
                      const std::vector<LakeBasin>& lakes, const Crater& crater, const Workers& workers);

}  // namespace isla::synth
