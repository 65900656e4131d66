// SPDX-License-Identifier: MIT
// Towns of every tier on flat, dry mainland, spaced by tier; the cities and
// towns are the highway nodes the road network is built from.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include <isla/model/polylines.hpp>

#include "isla/synth/grid.hpp"
#include "isla/synth/route.hpp"
#include "isla/synth/terrain.hpp"

namespace isla {
class EnumTable;
}

namespace isla::synth {

// Largest first: the order towns are placed in.
enum class Tier : std::uint8_t { City, Town, Village, Hamlet };
inline constexpr std::size_t kTierCount = 4;

struct Town {
  Point2f position;  // pixels, on a pixel centre
  Tier tier = Tier::Hamlet;
  bool highwayNode = false;
};

// The TownTier ordinal of each tier, looked up by name.
struct TierPalette {
  std::array<std::uint8_t, kTierCount> ordinals{};

  // Throws std::runtime_error naming the member the table lacks.
  static TierPalette from(const EnumTable& enums);
  std::uint8_t ordinal(Tier tier) const { return ordinals[static_cast<std::size_t>(tier)]; }
};

struct TownSettings {
  std::int32_t seed = 1;
  std::int32_t count = 16;
  float seaLevel = 0.15f;
  // Flag highway nodes (off when no roads are built: nothing to join).
  bool highways = true;
};

// How many towns of each tier `count` towns hold: every tier from 4 on.
std::array<std::int32_t, kTierCount> tierCounts(std::int32_t count);

// Up to settings.count towns; fewer when the mainland has no room for more.
std::vector<Town> placeTowns(const Grid<float>& heights, const CostGrid& grid, const Crater& crater,
                             const TownSettings& settings);

}  // namespace isla::synth
