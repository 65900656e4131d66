// SPDX-License-Identifier: MIT
#include "isla/synth/metadata.hpp"

#include <algorithm>

namespace isla::synth {

namespace {
constexpr float metres(double m) { return static_cast<float>(m / kMetresPerRaw); }
}  // namespace

CurveRecord balancedCurve(float seaLevel, float spikeMax) {
  CurveRecord curve;
  curve.knots = {0.22f, 0.38f, 0.55f, 0.72f};
  curve.spikeMax = spikeMax;
  curve.sea = seaLevel;
  curve.orangeCeil = 0.5f;
  curve.redCeil = 0.7f;
  curve.benchLo = metres(100);  // the 100 m and 220 m shelves
  curve.benchHi = metres(220);
  curve.peakCap = metres(420);  // summit spires
  curve.tailSlope = 0.25f;
  curve.benchAmp = metres(12);
  curve.plateauAmp = metres(20);
  curve.shelfSpanMin = 0.6f;
  curve.shelfSpanMax = 1.0f;
  curve.elevFreqIslands = 3.0f;
  curve.strengthFreqIslands = 2.0f;
  curve.benchSeedOffset = 7001;
  curve.plateauSeedOffset = 7002;
  curve.strengthSeedOffset = 7003;
  curve.presetId = 2;
  curve.k5 = 0.930304f;  // the v3+ version constants
  curve.k6 = 1.050720f;
  return curve;
}

DetailRecord defaultDetail() {
  DetailRecord detail;
  detail.reliefAmpM = 3.0f;
  detail.reliefFreqIslands = 24.0f;
  detail.reliefSeedOffset = 7004;
  detail.edgeMaxShiftM = 14.0f;
  detail.edgeAmpM = std::min(12.0f, detail.edgeMaxShiftM);  // recorded as applied
  detail.edgeFreqIslands = 6.0f;
  detail.edgeSeedOffset = 7005;
  return detail;
}

ErosionRecord defaultErosion(std::int32_t mapSize, double reliefScale) {
  ErosionRecord erosion;
  // The upstream 250 000 droplets at 8192^2; the same density at every size.
  const double scale = static_cast<double>(mapSize) / 8192.0;
  erosion.dropletCount = std::max(1000, static_cast<std::int32_t>(250000.0 * scale * scale));
  erosion.lifetime = 384;
  erosion.brushRadius = 3;
  erosion.seedOffset = 7006;
  erosion.carveCapM = static_cast<float>(15.0 * reliefScale);
  erosion.depositCapM = static_cast<float>(6.0 * reliefScale);
  erosion.seaMarginM = 0.5f;
  erosion.inertia = 0.35f;
  erosion.capacityFactor = 4.0f;
  erosion.minSlopeM = 0.01f;
  erosion.erodeRate = 0.3f;
  erosion.depositRate = 0.3f;
  erosion.evaporation = 0.01f;
  erosion.gravity = 4.0f;
  erosion.craterExclFactor = 1.5f;
  return erosion;
}

}  // namespace isla::synth
