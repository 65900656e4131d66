// SPDX-License-Identifier: MIT
// The island's raw heightmap: an elliptical falloff with the spec's axis
// ratios, warped and roughened by fractal noise, ridged mountains inland,
// offshore islets at a calibrated density and a deep border; then the impact
// crater, a bowl with a raised rim, carved into it.
#pragma once

#include <cstdint>
#include <limits>

#include "isla/synth/grid.hpp"
#include "isla/synth/noise.hpp"
#include "isla/synth/sampled_field.hpp"
#include "isla/synth/workers.hpp"

namespace isla::synth {

struct IslandSettings {
  std::int32_t seed = 1;
  std::int32_t mapSize = 1024;
  float seaLevel = 0.15f;
  float isletDensity = 0.02f;  // the fraction of the open sea that is islet land
};

class IslandShape {
 public:
  IslandShape(const IslandSettings& settings, const Workers& workers);

  // The height at a pixel, before the curve, the crater and the lakes.
  float height(std::int32_t x, std::int32_t y) const;
  // Every pixel; `maximum` receives the highest value.
  Grid<float> render(const Workers& workers, float& maximum) const;

  const IslandSettings& settings() const { return settings_; }

 private:
  // How far a point lies inside the warped elliptical coast (> 0 inland).
  double inlandAt(double u, double v) const;
  float isletField(std::int32_t x, std::int32_t y, double u, double v) const;

  IslandSettings settings_;
  Fractal warpU_;
  Fractal warpV_;
  Fractal relief_;
  Fractal ridges_;
  Fractal islets_;
  Fractal massifs_;
  // Each field is its coarse octaves sampled on a lattice plus its fine
  // octaves evaluated per pixel.
  SampledField inland_;
  SampledField coarseRelief_;
  SampledField coarseRidges_;
  SampledField coarseIslets_;
  SampledField massifMask_;
  Fractal fineRelief_;
  Fractal fineRidges_;
  Fractal fineIslets_;
  // The (1 - density) quantile of the islet field over the open sea.
  float isletThreshold_ = std::numeric_limits<float>::infinity();
  float massifFoot_ = 0;
  float massifCrest_ = 0;
};

struct Crater {
  double x = 0;  // the impact centre, pixels
  double y = 0;
  double radius = 0;  // pixels

  // 0 at the centre, 1 on the rim.
  double rimDistance(double px, double py) const;
};

// The crater radius synth uses at this MapSize.
double craterRadius(std::int32_t mapSize);

// A deterministic function of the seed: the first of a seeded sequence of
// candidates whose bowl and rim lie on high enough land (else the best one).
Crater chooseImpactSite(const IslandShape& shape);

// The bowl (kept above the sea) and the rim with its ejecta apron, their
// heights times `reliefScale` (relief_scale.hpp).
void carveCrater(Grid<float>& heights, const Crater& crater, float seaLevel, double reliefScale);

}  // namespace isla::synth
