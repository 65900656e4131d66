// SPDX-License-Identifier: MIT
#include "isla/synth/terrain.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <vector>

#include "isla/synth/easing.hpp"
#include "isla/synth/random.hpp"

namespace isla::synth {

namespace {

// BLUEPRINT_FORMAT.md config knobs: the island's falloff axis ratios.
constexpr double kAxisX = 1.30;
constexpr double kAxisY = 0.78;
// The elliptical distance of the unperturbed coast (1 = the axes' ends).
constexpr double kCoast = 0.64;
// How far (in map widths) the coast wanders with the warp field.
constexpr double kWarp = 0.14;
// Land rises towards kPlateau above the sea; the shelf falls kShelfSlope per unit.
constexpr double kPlateau = 0.42;
constexpr double kPlateauReach = 0.15;
constexpr double kShelfSlope = 1.3;
constexpr double kCoastRelief = 0.07;
constexpr double kInlandRelief = 0.16;
constexpr double kMountainHeight = 1.8;
// Islets rise kIsletRelief per unit of field above the threshold.
constexpr double kIsletRelief = 1.6;
constexpr double kIsletSink = 0.6;
// The border: a flat deep floor, so that the ocean always rings the map.
constexpr double kBorderDepth = -0.5;
constexpr double kBorderFadeStart = 0.09;
constexpr double kBorderFadeEnd = 0.02;
// The crater: floor depth below the rim, rim height, apron reach (in radii).
constexpr double kCraterRadiusPerMap = 0.035;
constexpr double kCraterDepth = 0.20;
constexpr double kCraterRim = 0.06;
constexpr double kCraterFlattening = 0.85;
constexpr double kApronWidth = 0.5;
constexpr double kApronReach = 2.5;
constexpr double kCraterFloorAboveSea = 0.03;
// Mountains: the massif field's quantiles (over the land well inland) where
// the ranges start and where they reach full height.
constexpr double kMassifInland = 0.05;
constexpr double kMassifFoot = 0.5;
constexpr double kMassifCrest = 0.85;
constexpr std::int32_t kSurveySide = 256;

double borderDistance(double u, double v) { return std::min({u, 1 - u, v, 1 - v}); }

double openSea(double inlandness, double border) {
  return smoothstep(0.03, 0.10, -inlandness) * smoothstep(0.05, 0.12, border);
}

// A field's values at a fixed survey of pixels, where `sample` gives one.
template <class Sample>
std::vector<float> survey(std::int32_t size, Sample sample) {
  std::vector<float> values;
  for (std::int32_t i = 0; i < kSurveySide; ++i) {
    for (std::int32_t j = 0; j < kSurveySide; ++j) {
      const std::int32_t x = i * size / kSurveySide;
      const std::int32_t y = j * size / kSurveySide;
      if (const auto value = sample(x, y, mapCoordinate(x, size), mapCoordinate(y, size)))
        values.push_back(*value);
    }
  }
  return values;
}

// +infinity for no samples: a threshold nothing reaches.
float quantile(std::vector<float> samples, double fraction) {
  if (samples.empty()) return std::numeric_limits<float>::infinity();
  const auto rank = static_cast<std::size_t>(fraction * static_cast<double>(samples.size() - 1));
  std::nth_element(samples.begin(), samples.begin() + static_cast<std::ptrdiff_t>(rank), samples.end());
  return samples[rank];
}

Fractal coarse(const Fractal& field) { return field.band(0, SampledField::kHighestFrequency); }
Fractal fine(const Fractal& field) {
  return field.band(SampledField::kHighestFrequency, std::numeric_limits<double>::infinity());
}

}  // namespace

IslandShape::IslandShape(const IslandSettings& settings, const Workers& workers)
    : settings_(settings),
      warpU_(fieldKey(settings.seed, 101), 4, 2.0),
      warpV_(fieldKey(settings.seed, 102), 4, 2.0),
      relief_(fieldKey(settings.seed, 103), octavesFor(settings.mapSize, 3.5, 3.0, 9), 3.5),
      ridges_(fieldKey(settings.seed, 104), octavesFor(settings.mapSize, 2.2, 4.0, 6), 2.2),
      islets_(fieldKey(settings.seed, 105), 4, 9.0),
      massifs_(fieldKey(settings.seed, 106), 3, 1.8),
      inland_(
          settings.mapSize, [this](double u, double v) { return static_cast<float>(inlandAt(u, v)); },
          workers),
      coarseRelief_(
          settings.mapSize, [band = coarse(relief_)](double u, double v) { return band.fbm(u, v); }, workers),
      coarseRidges_(
          settings.mapSize, [band = coarse(ridges_)](double u, double v) { return band.ridged(u, v); },
          workers),
      coarseIslets_(
          settings.mapSize, [band = coarse(islets_)](double u, double v) { return band.fbm(u, v); }, workers),
      massifMask_(
          settings.mapSize, [this](double u, double v) { return massifs_.fbm(u, v); }, workers),
      fineRelief_(fine(relief_)),
      fineRidges_(fine(ridges_)),
      fineIslets_(fine(islets_)) {
  // Calibrated against each seed's own fields, so that every seed gets its
  // share of islets and of mountains.
  const std::int32_t size = settings.mapSize;
  if (settings.isletDensity > 0) {
    isletThreshold_ = quantile(survey(size,
                                      [&](std::int32_t x, std::int32_t y, double u, double v) {
                                        return openSea(inland_.at(x, y), borderDistance(u, v)) >= 1
                                                   ? std::optional(isletField(x, y, u, v))
                                                   : std::nullopt;
                                      }),
                               1 - settings.isletDensity);
  }
  const auto massifs = survey(size, [&](std::int32_t x, std::int32_t y, double, double) {
    return inland_.at(x, y) > kMassifInland ? std::optional(massifMask_.at(x, y)) : std::nullopt;
  });
  massifFoot_ = quantile(massifs, kMassifFoot);
  massifCrest_ = quantile(massifs, kMassifCrest);
}

double IslandShape::inlandAt(double u, double v) const {
  const double du = u - 0.5 + kWarp * warpU_.fbm(u, v);
  const double dv = v - 0.5 + kWarp * warpV_.fbm(u, v);
  const double ex = du / (0.5 * kAxisX);
  const double ey = dv / (0.5 * kAxisY);
  return kCoast - std::sqrt(ex * ex + ey * ey);
}

float IslandShape::isletField(std::int32_t x, std::int32_t y, double u, double v) const {
  return coarseIslets_.at(x, y) + fineIslets_.fbm(u, v);
}

float IslandShape::height(std::int32_t x, std::int32_t y) const {
  const double u = mapCoordinate(x, settings_.mapSize);
  const double v = mapCoordinate(y, settings_.mapSize);
  const double sea = settings_.seaLevel;
  const double c = inland_.at(x, y);
  double h = c > 0 ? sea + kPlateau * (1 - std::exp(-c / kPlateauReach)) : sea + kShelfSlope * c;
  const double relief = coarseRelief_.at(x, y) + fineRelief_.fbm(u, v);
  h += (kCoastRelief + kInlandRelief * std::clamp(c / 0.25, 0.0, 1.0)) * relief;
  // Ranges rise where the massif field is high, well inland.
  const double mountains =
      std::isfinite(massifCrest_)
          ? smoothstep(0.04, 0.3, c) * smoothstep(massifFoot_, massifCrest_, massifMask_.at(x, y))
          : 0;
  if (mountains > 0) {
    const double ridge = coarseRidges_.at(x, y) + fineRidges_.ridged(u, v);
    h += kMountainHeight * mountains * ridge * ridge;
  }
  const double border = borderDistance(u, v);
  const double openness = openSea(c, border);
  if (openness > 0 && std::isfinite(isletThreshold_)) {
    const double islet =
        sea + kIsletRelief * (isletField(x, y, u, v) - isletThreshold_) - kIsletSink * (1 - openness);
    // Raised only as far as the sea is open, so that no cliff stands where
    // the openness ends.
    h += openness * std::max(0.0, islet - h);
  }
  h += (kBorderDepth - h) * smoothstep(kBorderFadeStart, kBorderFadeEnd, border);
  return static_cast<float>(h);
}

Grid<float> IslandShape::render(const Workers& workers, float& maximum) const {
  const std::int32_t size = settings_.mapSize;
  Grid<float> heights(size);
  std::vector<float> bandMaximum(Workers::bandCount(size), -std::numeric_limits<float>::infinity());
  workers.forBands(size, [&](std::size_t band, std::int32_t begin, std::int32_t end) {
    float highest = bandMaximum[band];
    for (std::int32_t x = begin; x < end; ++x) {
      auto row = heights.row(x);
      for (std::int32_t y = 0; y < size; ++y) {
        const float h = height(x, y);
        row[static_cast<std::size_t>(y)] = h;
        highest = std::max(highest, h);
      }
    }
    bandMaximum[band] = highest;
  });
  maximum = *std::max_element(bandMaximum.begin(), bandMaximum.end());
  return heights;
}

double Crater::rimDistance(double px, double py) const { return std::hypot(px - x, py - y) / radius; }

double craterRadius(std::int32_t mapSize) { return kCraterRadiusPerMap * static_cast<double>(mapSize); }

Crater chooseImpactSite(const IslandShape& shape) {
  const auto& settings = shape.settings();
  const std::int32_t size = settings.mapSize;
  const double sea = settings.seaLevel;
  Crater best{static_cast<double>(size / 2), static_cast<double>(size / 2), craterRadius(size)};
  double bestScore = -std::numeric_limits<double>::infinity();
  Pcg32 random = stageRandom(settings.seed, Stage::ImpactSite);
  constexpr int kCandidates = 200;
  constexpr int kRingPoints = 12;
  constexpr double kRingReach = 1.6;
  for (int attempt = 0; attempt < kCandidates; ++attempt) {
    // Within the island's core, where the land is high.
    const double u = 0.5 + random.uniform(-1, 1) * 0.5 * kAxisX * kCoast * 0.6;
    const double v = 0.5 + random.uniform(-1, 1) * 0.5 * kAxisY * kCoast * 0.6;
    Crater candidate{std::round(u * size - 0.5), std::round(v * size - 0.5), best.radius};
    auto heightAt = [&](double px, double py) {
      const auto x = std::clamp(static_cast<std::int32_t>(std::lround(px)), 0, size - 1);
      const auto y = std::clamp(static_cast<std::int32_t>(std::lround(py)), 0, size - 1);
      return static_cast<double>(shape.height(x, y));
    };
    // The margin by which the bowl's centre and the ring around the rim clear
    // their minimum heights above the sea.
    double score = heightAt(candidate.x, candidate.y) - (sea + 0.3);
    for (int k = 0; k < kRingPoints; ++k) {
      const double angle = 2 * 3.14159265358979323846 * k / kRingPoints;
      const double px = candidate.x + kRingReach * candidate.radius * std::cos(angle);
      const double py = candidate.y + kRingReach * candidate.radius * std::sin(angle);
      score = std::min(score, heightAt(px, py) - (sea + 0.12));
    }
    if (score > bestScore) {
      bestScore = score;
      best = candidate;
    }
    if (score >= 0) break;
  }
  return best;
}

void carveCrater(Grid<float>& heights, const Crater& crater, float seaLevel, double reliefScale) {
  const double depth = kCraterDepth * reliefScale, rim = kCraterRim * reliefScale;
  const double floor = seaLevel + kCraterFloorAboveSea * reliefScale;
  const std::int32_t size = heights.size();
  const auto centreX = static_cast<std::int32_t>(crater.x);
  const auto centreY = static_cast<std::int32_t>(crater.y);
  const double centreHeight = heights(centreX, centreY);
  const auto reach = static_cast<std::int32_t>(std::ceil(kApronReach * crater.radius));
  for (std::int32_t x = std::max(0, centreX - reach); x <= std::min(size - 1, centreX + reach); ++x) {
    for (std::int32_t y = std::max(0, centreY - reach); y <= std::min(size - 1, centreY + reach); ++y) {
      const double r = crater.rimDistance(x, y);
      if (r >= kApronReach) continue;
      double h = heights(x, y);
      if (r < 1) {
        // A flattened floor rising to the rim.
        const double flatten = kCraterFlattening * (1 - r * r) * (1 - r * r);
        h += (centreHeight - h) * flatten + depth * (r * r - 1) + rim;
        h = std::max(h, floor);
      } else {
        const double apron = (r - 1) / kApronWidth;
        h += rim * std::exp(-apron * apron);
      }
      heights(x, y) = static_cast<float>(h);
    }
  }
}

}  // namespace isla::synth
