// SPDX-License-Identifier: MIT
#include "isla/synth/lakes.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "isla/synth/easing.hpp"
#include "isla/synth/random.hpp"
#include "isla/synth/water_level.hpp"

namespace isla::synth {

namespace {

constexpr double kMinRadiusPerMap = 0.012;
constexpr double kMaxRadiusPerMap = 0.028;
constexpr double kMinRadiusPixels = 4;
constexpr double kMaxLobe = 0.2;
// The shore ring whose lowest pixel sets the level: this many shore
// distances wide, and never thinner than kShorePixels.
constexpr double kShoreWidth = 0.5;
constexpr double kShorePixels = 2.5;
// The level sits this far below the lowest shore pixel; every lake pixel at
// least kSurfaceGap below the level; the bed kBedAboveSea above the sea.
constexpr double kRimMargin = 0.004;
constexpr double kSurfaceGap = 0.002;
constexpr double kBedAboveSea = 0.01;
constexpr double kMinLevelAboveSea = 0.04;
// Lakes lie in the lowlands and valleys, on ground that varies this little
// around the shore (so that their banks are not cliffs).
constexpr double kHighestCentre = 0.55;
constexpr double kShoreRelief = 0.15;
constexpr double kHighestLakeLevel = 1.9;
static_assert(kHighestLakeLevel < isla::water_surface::kMaxLevel);
constexpr double kMinDepth = 0.008;
constexpr double kShallowest = 0.02;
constexpr double kDeepest = 0.06;
// Clearances, in radii, from the crater's rim and between lakes: wide
// enough that no bank reaches another lake or the crater's apron.
constexpr double kCraterClearance = 2.6;
constexpr double kBankClearance = 2.2;
constexpr int kAttemptsPerLake = 400;

double lobeSum(const LakeBasin& basin) {
  double sum = 0;
  for (std::size_t k = 0; k < basin.lobeCos.size(); ++k)
    sum += std::hypot(basin.lobeCos[k], basin.lobeSin[k]);
  return sum;
}

}  // namespace

double LakeBasin::shoreDistance(double x, double y) const {
  const double dx = x - centreX;
  const double dy = y - centreY;
  const double distance = std::sqrt(dx * dx + dy * dy);
  if (distance == 0) return 0;
  // cos and sin of 2, 3 and 5 times the angle, by complex multiplication.
  const double c1 = dx / distance, s1 = dy / distance;
  const double c2 = c1 * c1 - s1 * s1, s2 = 2 * c1 * s1;
  const double c3 = c2 * c1 - s2 * s1, s3 = s2 * c1 + c2 * s1;
  const double c5 = c3 * c2 - s3 * s2, s5 = s3 * c2 + c3 * s2;
  const double wobble = 1 + lobeCos[0] * c2 - lobeSin[0] * s2 + lobeCos[1] * c3 - lobeSin[1] * s3 +
                        lobeCos[2] * c5 - lobeSin[2] * s5;
  return distance / (radius * wobble);
}

double LakeBasin::extent(double reach) const { return radius * (1 + lobeSum(*this)) * reach + 1; }

PixelBox LakeBasin::bounds(double reach, std::int32_t mapSize) const {
  const double e = extent(reach);
  auto clip = [&](double value) {
    return static_cast<std::int32_t>(std::clamp(value, 0.0, static_cast<double>(mapSize - 1)));
  };
  return {clip(std::floor(centreX - e)), clip(std::floor(centreY - e)), clip(std::ceil(centreX + e)),
          clip(std::ceil(centreY + e))};
}

std::vector<LakeBasin> carveLakes(Grid<float>& heights, const LakeSettings& settings, const Crater& crater) {
  const std::int32_t size = heights.size();
  const double sea = settings.seaLevel;
  const double relief = settings.reliefScale;  // every height below is scaled with it
  std::vector<LakeBasin> basins;
  Pcg32 random = stageRandom(settings.seed, Stage::LakeSites);
  const int attempts = settings.count * kAttemptsPerLake;
  for (int attempt = 0; attempt < attempts && std::ssize(basins) < settings.count; ++attempt) {
    // Every draw happens on every attempt, so that the sequence is stable.
    const double scale = attempt < attempts / 2 ? 1.0 : 0.6;  // smaller lakes when room runs out
    LakeBasin basin;
    basin.radius = std::max(kMinRadiusPixels, static_cast<double>(size) *
                                                  random.uniform(kMinRadiusPerMap, kMaxRadiusPerMap) * scale);
    basin.centreX = std::round(random.uniform(0.1, 0.9) * size);
    basin.centreY = std::round(random.uniform(0.1, 0.9) * size);
    for (std::size_t k = 0; k < basin.lobeCos.size(); ++k) {
      const double amplitude = random.uniform(0, kMaxLobe / static_cast<double>(k + 1));
      const double phase = random.uniform(0, 2 * 3.14159265358979323846);
      basin.lobeCos[k] = amplitude * std::cos(phase);
      basin.lobeSin[k] = amplitude * std::sin(phase);
    }
    const double wantedDepth = random.uniform(kShallowest, kDeepest) * relief;

    const auto cx = static_cast<std::int32_t>(basin.centreX);
    const auto cy = static_cast<std::int32_t>(basin.centreY);
    const double centreHeight = heights(cx, cy) - sea;
    const bool centreFits =
        centreHeight >= (kMinLevelAboveSea + kShallowest) * relief && centreHeight <= kHighestCentre * relief;
    if (!centreFits) continue;
    const double clearance = kCraterClearance * crater.radius + kBankClearance * basin.radius;
    if (std::hypot(basin.centreX - crater.x, basin.centreY - crater.y) < clearance) continue;
    const bool crowded = std::any_of(basins.begin(), basins.end(), [&](const LakeBasin& other) {
      return std::hypot(basin.centreX - other.centreX, basin.centreY - other.centreY) <
             kBankClearance * (basin.radius + other.radius) + 2 * kShorePixels;
    });
    if (crowded) continue;

    const double shoreWidth = std::max(kShoreWidth, kShorePixels / (basin.radius * (1 - lobeSum(basin))));
    // The whole shore ring must lie inside the map.
    const double reach = basin.extent(1 + shoreWidth);
    const double last = size - 1;
    if (std::min(basin.centreX, basin.centreY) < reach ||
        std::max(basin.centreX, basin.centreY) > last - reach)
      continue;
    const PixelBox box = basin.bounds(1 + shoreWidth, size);
    double lowestShore = std::numeric_limits<double>::infinity();
    double highestShore = -lowestShore;
    for (std::int32_t x = box.x0; x <= box.x1; ++x) {
      for (std::int32_t y = box.y0; y <= box.y1; ++y) {
        const double r = basin.shoreDistance(x, y);
        if (r < 1 || r >= 1 + shoreWidth) continue;
        lowestShore = std::min(lowestShore, double{heights(x, y)});
        highestShore = std::max(highestShore, double{heights(x, y)});
      }
    }
    if (highestShore - lowestShore > kShoreRelief * relief) continue;
    basin.level = quantiseLevelDown(lowestShore - kRimMargin * relief);
    if (basin.level < sea + kMinLevelAboveSea * relief || basin.level > kHighestLakeLevel) continue;
    const double bed = sea + kBedAboveSea * relief;
    const double depth = std::min(wantedDepth, basin.level - kSurfaceGap * relief - bed);
    if (depth < kMinDepth * relief) continue;

    // A bowl below the level, and a bank easing from just above the level
    // back to the terrain across the shore ring.
    const double bank = basin.level + kRimMargin * relief;
    basin.bankReach = 1 + shoreWidth;
    for (std::int32_t x = box.x0; x <= box.x1; ++x) {
      for (std::int32_t y = box.y0; y <= box.y1; ++y) {
        const double r = basin.shoreDistance(x, y);
        const double h = heights(x, y);
        if (r < 1) {
          const double bowl = basin.level - kSurfaceGap * relief - depth * (1 - r * r);
          heights(x, y) = static_cast<float>(std::max(std::min(h, bowl), bed));
        } else if (r < 1 + shoreWidth) {
          const double ease = smoothstep(1, 1 + shoreWidth, r);
          heights(x, y) = static_cast<float>(std::min(h, bank + (h - bank) * ease));
        }
      }
    }
    basins.push_back(basin);
  }
  return basins;
}

}  // namespace isla::synth
