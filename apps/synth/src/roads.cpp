// SPDX-License-Identifier: MIT
#include "isla/synth/roads.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>

namespace isla::synth {

namespace {

// Highways shun slopes most, trails least; all prefer existing roads.
constexpr RouteStyle kHighway{0.08, 0.6};
constexpr RouteStyle kBranch{0.05, 0.5};
constexpr RouteStyle kRugged{0.02, 0.5};
constexpr RouteStyle kTrail{0.005, 0.7};
constexpr std::size_t kSummits = 2;
// Summits at least this fraction of the map apart.
constexpr double kSummitSeparation = 0.2;

struct Leg {
  Point2f from;
  Point2f to;
};

bool isHub(const Town& town) { return town.tier == Tier::City || town.tier == Tier::Town; }

// The town nearest to `point` among those `eligible` accepts; nullopt if none.
template <class Eligible>
std::optional<Point2f> nearestTown(const std::vector<Town>& towns, Point2f point, Eligible eligible) {
  std::optional<Point2f> best;
  double bestDistance = std::numeric_limits<double>::infinity();
  for (const auto& town : towns) {
    if (!eligible(town)) continue;
    const double d = distance(point, town.position);
    if (d < bestDistance) {
      bestDistance = d;
      best = town.position;
    }
  }
  return best;
}

// Prim's minimum spanning tree over the highway nodes, by straight distance.
std::vector<Leg> highwayLegs(const std::vector<Town>& towns) {
  std::vector<Point2f> nodes;
  for (const auto& town : towns) {
    if (town.highwayNode) nodes.push_back(town.position);
  }
  std::vector<Leg> legs;
  if (nodes.size() < 2) return legs;
  std::vector<std::uint8_t> joined(nodes.size(), 0);
  joined[0] = 1;
  for (std::size_t added = 1; added < nodes.size(); ++added) {
    double shortest = std::numeric_limits<double>::infinity();
    Leg leg{};
    std::size_t next = 0;
    for (std::size_t a = 0; a < nodes.size(); ++a) {
      if (!joined[a]) continue;
      for (std::size_t b = 0; b < nodes.size(); ++b) {
        if (joined[b] || distance(nodes[a], nodes[b]) >= shortest) continue;
        shortest = distance(nodes[a], nodes[b]);
        leg = {nodes[a], nodes[b]};
        next = b;
      }
    }
    joined[next] = 1;
    legs.push_back(leg);
  }
  return legs;
}

template <class Source, class Target>
std::vector<Leg> feederLegs(const std::vector<Town>& towns, Source source, Target target) {
  std::vector<Leg> legs;
  for (const auto& town : towns) {
    if (!source(town)) continue;
    if (const auto to = nearestTown(towns, town.position, target)) legs.push_back({town.position, *to});
  }
  return legs;
}

// The mainland cell nearest to `point`, whose centre is the sight.
std::optional<Point2f> nearestMainland(const CostGrid& grid, Point2f point) {
  std::optional<Point2f> best;
  double bestDistance = std::numeric_limits<double>::infinity();
  for (std::int32_t cx = 0; cx < grid.cells(); ++cx) {
    for (std::int32_t cy = 0; cy < grid.cells(); ++cy) {
      if (!grid.onMainland({cx, cy})) continue;
      const Point2f centre = grid.centre({cx, cy});
      const double d = distance(point, centre);
      if (d < bestDistance) {
        bestDistance = d;
        best = centre;
      }
    }
  }
  return best;
}

std::vector<Point2f> sights(const CostGrid& grid, const std::vector<LakeBasin>& lakes, const Crater& crater) {
  std::vector<Point2f> out;
  auto add = [&](std::optional<Point2f> sight) {
    if (sight) out.push_back(*sight);
  };
  for (const auto& lake : lakes) {
    add(nearestMainland(grid, {static_cast<float>(lake.centreX), static_cast<float>(lake.centreY)}));
  }
  add(nearestMainland(grid, {static_cast<float>(crater.x), static_cast<float>(crater.y)}));

  std::vector<Cell> land;
  for (std::int32_t cx = 0; cx < grid.cells(); ++cx) {
    for (std::int32_t cy = 0; cy < grid.cells(); ++cy) {
      if (grid.onMainland({cx, cy})) land.push_back({cx, cy});
    }
  }
  // Highest first; equal heights in scan order.
  std::stable_sort(land.begin(), land.end(), [&](Cell a, Cell b) { return grid.height(a) > grid.height(b); });
  std::vector<Point2f> summits;
  const double separation = kSummitSeparation * grid.mapSize();
  for (const Cell cell : land) {
    if (summits.size() == kSummits) break;
    const Point2f top = grid.centre(cell);
    if (std::all_of(summits.begin(), summits.end(),
                    [&](Point2f s) { return distance(s, top) >= separation; })) {
      summits.push_back(top);
    }
  }
  out.insert(out.end(), summits.begin(), summits.end());
  return out;
}

std::vector<Leg> trailLegs(const std::vector<Town>& towns, const std::vector<Point2f>& destinations,
                           double shortest) {
  std::vector<Leg> legs;
  for (const Point2f sight : destinations) {
    const auto start = nearestTown(towns, sight, [](const Town&) { return true; });
    if (start && distance(*start, sight) >= shortest) legs.push_back({*start, sight});
  }
  return legs;
}

// Routes every leg of one tier in parallel: each leg sees the roads of the
// tiers before it only, so the result is the same on any number of threads.
std::vector<Polyline> routeTier(const CostGrid& grid, RoadCells& roads, const RouteStyle& style,
                                const std::vector<Leg>& legs, const Workers& workers) {
  std::vector<std::optional<Polyline>> routed(legs.size());
  workers.run(legs.size(),
              [&](std::size_t i) { routed[i] = findRoute(grid, roads, style, legs[i].from, legs[i].to); });
  std::vector<Polyline> paths;
  for (auto& route : routed) {
    if (!route) continue;
    roads.mark(*route);
    paths.push_back(std::move(*route));
  }
  return paths;
}

}  // namespace

std::size_t RoadNetwork::pathCount() const {
  std::size_t count = 0;
  for (const auto& tier : tiers) count += tier.size();
  return count;
}

RoadNetwork planRoads(const CostGrid& grid, const std::vector<Town>& towns,
                      const std::vector<LakeBasin>& lakes, const Crater& crater, const Workers& workers) {
  RoadCells roads(grid);
  RoadNetwork network;
  auto tier = [&](RoadTier t) -> std::vector<Polyline>& {
    return network.tiers[static_cast<std::size_t>(t)];
  };
  tier(RoadTier::Highway) = routeTier(grid, roads, kHighway, highwayLegs(towns), workers);
  tier(RoadTier::Branch) = routeTier(grid, roads, kBranch,
                                     feederLegs(
                                         towns, [](const Town& t) { return t.tier == Tier::Village; }, isHub),
                                     workers);
  tier(RoadTier::Rugged) = routeTier(grid, roads, kRugged,
                                     feederLegs(
                                         towns, [](const Town& t) { return t.tier == Tier::Hamlet; },
                                         [](const Town& t) { return t.tier != Tier::Hamlet; }),
                                     workers);
  tier(RoadTier::Trail) = routeTier(
      grid, roads, kTrail, trailLegs(towns, sights(grid, lakes, crater), 2.0 * grid.cellSize()), workers);
  return network;
}

}  // namespace isla::synth
