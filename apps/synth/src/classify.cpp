// SPDX-License-Identifier: MIT
#include "isla/synth/classify.hpp"

#include <algorithm>
#include <cmath>

#include "isla/synth/noise.hpp"
#include "isla/synth/ordinals.hpp"
#include "isla/synth/random.hpp"
#include "isla/synth/sampled_field.hpp"
#include "isla/synth/water.hpp"

namespace isla::synth {

namespace {

// Slopes are in raw height per map width (slopeAt).
constexpr double kRockSlope = 14;
constexpr double kDirtSlope = 9;
constexpr double kBeachSlope = 10;
constexpr double kSwampSlope = 5;
// Heights above the sea, raw (1 raw = 251 m).
constexpr double kBeachBand = 0.025;
constexpr double kSwampBand = 0.06;
constexpr double kMountainLine = 0.62;
constexpr double kSnowLine = 0.95;
// The ejecta blanket around the crater's rim, in crater radii.
constexpr double kEjectaReach = 1.35;
// Moisture bands, [0, 1].
constexpr double kDry = 0.3;
constexpr double kTemperate = 0.48;
constexpr double kWet = 0.66;
constexpr double kWetlands = 0.62;
// Warmth, about [0, 1]: warmer towards high y, colder with height.
constexpr double kHot = 0.45;
constexpr double kTropical = 0.5;
constexpr double kLapse = 0.6;

struct Site {
  double heightAboveSea;
  double slope;
  double moisture;
  double warmth;
  double jitter;  // a fine field that frays every boundary
};

std::uint8_t landBiome(const Site& site, const BiomePalette& p) {
  if (site.slope > kRockSlope * (1 + 0.25 * site.jitter)) return p.rock;
  if (site.heightAboveSea > kSnowLine + 0.08 * site.jitter) return p.snow;
  if (site.heightAboveSea > kMountainLine + 0.06 * site.jitter) return p.mountain;
  const bool marshy = site.moisture > kWetlands && site.slope < kSwampSlope;
  if (site.heightAboveSea < kBeachBand + 0.006 * site.jitter && site.slope < kBeachSlope) {
    return marshy ? p.swamp : p.beach;
  }
  if (site.heightAboveSea < kSwampBand && marshy) return p.swamp;
  if (site.moisture < kDry) return site.warmth > kHot ? p.desert : p.dirt;
  if (site.slope > kDirtSlope) return p.dirt;
  if (site.moisture < kTemperate) return p.grassland;
  if (site.moisture > kWet && site.warmth > kTropical) return p.jungle;
  return p.forest;
}

}  // namespace

BiomePalette BiomePalette::from(const EnumTable& enums) {
  auto biome = [&](const char* name) { return requireOrdinal(enums, "Biome", name); };
  return {biome("Ocean"),    biome("Lake"),  biome("Beach"),  biome("Grassland"), biome("Forest"),
          biome("Jungle"),   biome("Swamp"), biome("Desert"), biome("Dirt"),      biome("Rock"),
          biome("Mountain"), biome("Snow"),  biome("Crater"), biome("Wasteland")};
}

Grid<std::uint8_t> classifyBiomes(const Grid<float>& heights, const Grid<std::uint16_t>& waterIds,
                                  const ClimateSettings& settings, const BiomePalette& palette,
                                  const Workers& workers) {
  const std::int32_t size = heights.size();
  const Fractal moistureField(fieldKey(settings.seed, 201), 4, 3.0);
  const Fractal jitterField(fieldKey(settings.seed, 202), 2, 14.0);
  const SampledField moisture(
      size, [&](double u, double v) { return moistureField.fbm(u, v); }, workers);
  const SampledField jitter(
      size, [&](double u, double v) { return jitterField.fbm(u, v); }, workers);
  Grid<std::uint8_t> biomes(size);
  workers.forBands(size, [&](std::size_t, std::int32_t begin, std::int32_t end) {
    for (std::int32_t x = begin; x < end; ++x) {
      for (std::int32_t y = 0; y < size; ++y) {
        const std::uint16_t water = waterIds(x, y);
        if (water != 0) {
          biomes(x, y) = water == kOceanId ? palette.ocean : palette.lake;
          continue;
        }
        const double rim = settings.crater.rimDistance(x, y);
        if (rim < kEjectaReach) {
          biomes(x, y) = rim < 1 ? palette.crater : palette.wasteland;
          continue;
        }
        const double v = mapCoordinate(y, size);
        const double heightAboveSea = heights(x, y) - settings.seaLevel;
        const double fray = jitter.at(x, y);
        const Site site{heightAboveSea, slopeAt(heights, x, y),
                        std::clamp(0.5 + 0.6 * moisture.at(x, y), 0.0, 1.0),
                        0.3 + 0.6 * v + 0.15 * fray - kLapse * heightAboveSea, fray};
        biomes(x, y) = landBiome(site, palette);
      }
    }
  });
  return biomes;
}

}  // namespace isla::synth
