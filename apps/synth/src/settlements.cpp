// SPDX-License-Identifier: MIT
#include "isla/synth/settlements.hpp"

#include <algorithm>
#include <cmath>

#include "isla/synth/ordinals.hpp"
#include "isla/synth/random.hpp"

namespace isla::synth {

namespace {

// Per tier (City, Town, Village, Hamlet): the least distance to any other
// town, in map widths, and the highest ground, raw above the sea.
constexpr std::array<double, kTierCount> kSpacing{0.09, 0.07, 0.045, 0.03};
constexpr std::array<double, kTierCount> kHighestGround{0.35, 0.5, 0.65, 0.8};
constexpr double kLowestGround = 0.005;
// Steepest ground, raw height per map width (as the biome slopes).
constexpr double kSteepest = 5;
// Towns stay off the crater and its ejecta (rim distances).
constexpr double kCraterClearance = 1.6;
constexpr int kAttemptsPerTown = 600;
// When a town finds no room, its spacing shrinks by this factor, a few times.
constexpr double kRelaxation = 0.75;
constexpr int kRelaxations = 3;

}  // namespace

TierPalette TierPalette::from(const EnumTable& enums) {
  auto tier = [&](const char* name) { return requireOrdinal(enums, "TownTier", name); };
  return {{tier("City"), tier("Town"), tier("Village"), tier("Hamlet")}};
}

std::array<std::int32_t, kTierCount> tierCounts(std::int32_t count) {
  std::array<std::int32_t, kTierCount> counts{};
  if (count < static_cast<std::int32_t>(kTierCount)) {
    for (std::int32_t i = 0; i < count; ++i) counts[static_cast<std::size_t>(i)] = 1;
    return counts;
  }
  counts[0] = std::max(1, count / 24);
  counts[1] = std::max(1, static_cast<std::int32_t>(std::lround(count * 0.16)));
  counts[2] = std::max(1, static_cast<std::int32_t>(std::lround(count * 0.3)));
  counts[3] = std::max(1, count - counts[0] - counts[1] - counts[2]);
  return counts;
}

std::vector<Town> placeTowns(const Grid<float>& heights, const CostGrid& grid, const Crater& crater,
                             const TownSettings& settings) {
  const std::int32_t size = heights.size();
  Pcg32 random = stageRandom(settings.seed, Stage::TownSites);
  std::vector<Town> towns;
  const auto counts = tierCounts(settings.count);
  for (std::size_t t = 0; t < kTierCount; ++t) {
    const auto tier = static_cast<Tier>(t);
    bool placed = true;
    // Once a town of a tier finds no room, the land is full for the tier.
    for (std::int32_t n = 0; n < counts[t] && placed; ++n) {
      double spacing = kSpacing[t] * size;
      placed = false;
      for (int relaxation = 0; relaxation <= kRelaxations && !placed; ++relaxation, spacing *= kRelaxation) {
        for (int attempt = 0; attempt < kAttemptsPerTown && !placed; ++attempt) {
          const auto x = static_cast<std::int32_t>(random.below(static_cast<std::uint32_t>(size)));
          const auto y = static_cast<std::int32_t>(random.below(static_cast<std::uint32_t>(size)));
          const Point2f site{static_cast<float>(x), static_cast<float>(y)};
          const Cell cell = grid.cellOf(site);
          if (!grid.onMainland(cell)) continue;
          const double ground = heights(x, y) - settings.seaLevel;
          if (ground < kLowestGround || ground > kHighestGround[t]) continue;
          if (crater.rimDistance(x, y) < kCraterClearance || slopeAt(heights, x, y) > kSteepest) continue;
          const bool crowded = std::any_of(towns.begin(), towns.end(), [&](const Town& other) {
            return std::hypot(double{other.position.x} - x, double{other.position.y} - y) < spacing;
          });
          if (crowded) continue;
          towns.push_back({site, tier, false});
          placed = true;
        }
      }
    }
  }
  const auto nodes = std::count_if(towns.begin(), towns.end(), [](const Town& town) {
    return town.tier == Tier::City || town.tier == Tier::Town;
  });
  if (settings.highways && nodes >= 2) {
    for (auto& town : towns) town.highwayNode = town.tier == Tier::City || town.tier == Tier::Town;
  }
  return towns;
}

}  // namespace isla::synth
