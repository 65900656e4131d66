// SPDX-License-Identifier: MIT
#include "isla/synth/height_curve.hpp"

#include <algorithm>
#include <cmath>
#include <optional>

#include "isla/synth/noise.hpp"
#include "isla/synth/random.hpp"
#include "isla/synth/sampled_field.hpp"

namespace isla::synth {

namespace {

// A shelf flattens the input within a few half-widths of its elevation. The
// pull stays below 1, so that the curve is strictly increasing.
constexpr double kShelfHalfWidth = 0.04;
constexpr double kShelfPull = 0.75;
// The curve fades in over this much height above the sea.
constexpr double kCoastFade = 0.02;

// A field of the curve: all of them are smooth enough to sample.
SampledField sampled(std::int32_t mapSize, std::int32_t seed, std::int32_t offset, int octaves,
                     double frequency, const Workers& workers) {
  const Fractal field(fieldKey(seed, offset), octaves, frequency);
  return SampledField(
      mapSize, [&](double u, double v) { return field.fbm(u, v); }, workers);
}

class Curve {
 public:
  Curve(std::int32_t mapSize, std::int32_t seed, const CurveRecord& curve, const DetailRecord* detail,
        const Workers& workers)
      : curve_(curve),
        detail_(detail),
        bench_(sampled(mapSize, seed, curve.benchSeedOffset, 1, curve.elevFreqIslands, workers)),
        plateau_(sampled(mapSize, seed, curve.plateauSeedOffset, 1, curve.elevFreqIslands, workers)),
        strength_(sampled(mapSize, seed, curve.strengthSeedOffset, 1, curve.strengthFreqIslands, workers)) {
    if (detail) {
      edge_.emplace(sampled(mapSize, seed, detail->edgeSeedOffset, 1, detail->edgeFreqIslands, workers));
      relief_.emplace(
          sampled(mapSize, seed, detail->reliefSeedOffset, 2, detail->reliefFreqIslands, workers));
    }
  }

  float apply(double h, std::int32_t x, std::int32_t y) const {
    const double sea = curve_.sea;
    if (h <= sea) return static_cast<float>(h);
    // Summits: [k6, spikeMax] maps onto [k6, peakCap].
    if (curve_.spikeMax > curve_.k6 && h > curve_.k6) {
      h = curve_.k6 + (h - curve_.k6) * (curve_.peakCap - curve_.k6) / (curve_.spikeMax - curve_.k6);
    }
    const double lower = curve_.benchLo + curve_.benchAmp * bench_.at(x, y);
    const double upper = curve_.benchHi + curve_.plateauAmp * plateau_.at(x, y);
    const double strength =
        curve_.shelfSpanMin + (curve_.shelfSpanMax - curve_.shelfSpanMin) * (0.5 + 0.5 * strength_.at(x, y));
    // The detail's edge variation moves where the input meets each shelf.
    const double input = h + (edge_ ? detail_->edgeAmpM / kMetresPerRaw * edge_->at(x, y) : 0);
    const double tLower = (input - lower) / kShelfHalfWidth;
    const double tUpper = (input - upper) / kShelfHalfWidth;
    const double nearLower = std::exp(-tLower * tLower);
    const double nearUpper = std::exp(-tUpper * tUpper);
    const double coast = std::clamp((h - sea) / kCoastFade, 0.0, 1.0);
    double shaped =
        h - coast * strength * kShelfPull * kShelfHalfWidth * (tLower * nearLower + tUpper * nearUpper);
    if (relief_)
      shaped += coast * detail_->reliefAmpM / kMetresPerRaw * (nearLower + nearUpper) * relief_->at(x, y);
    return static_cast<float>(shaped);
  }

 private:
  const CurveRecord& curve_;
  const DetailRecord* detail_;
  SampledField bench_;
  SampledField plateau_;
  SampledField strength_;
  std::optional<SampledField> edge_;
  std::optional<SampledField> relief_;
};

}  // namespace

void applyHeightCurve(Grid<float>& heights, std::int32_t seed, const CurveRecord& curve,
                      const DetailRecord* detail, const Workers& workers) {
  const std::int32_t size = heights.size();
  const Curve shape(size, seed, curve, detail, workers);
  workers.forBands(size, [&](std::size_t, std::int32_t begin, std::int32_t end) {
    for (std::int32_t x = begin; x < end; ++x) {
      auto row = heights.row(x);
      for (std::int32_t y = 0; y < size; ++y) {
        auto& h = row[static_cast<std::size_t>(y)];
        h = shape.apply(h, x, y);
      }
    }
  });
}

}  // namespace isla::synth
