// SPDX-License-Identifier: MIT
// The parameter records of TCRV v5, TDTL v2 and EROS v2, field for field as
// BLUEPRINT_FORMAT.md lists them, with the values synth applies.
#pragma once

#include <array>
#include <cstdint>

namespace isla::synth {

inline constexpr double kMetresPerRaw = 251.0;  // DECISIONS.md: 1 raw height = 251 m

// The height-redistribution curve (TCRV v5, the balanced preset).
struct CurveRecord {
  std::uint16_t curveVersion = 5;
  std::array<float, 4> knots{};  // K1..K4, input heights
  float spikeMax = 0;            // the seed's raw pre-curve maximum
  float sea = 0;
  float orangeCeil = 0;
  float redCeil = 0;
  float benchLo = 0;  // the lower shelf's base elevation
  float benchHi = 0;  // the upper shelf's base elevation
  float peakCap = 0;  // where spikeMax lands after the curve
  float tailSlope = 0;
  // v4 modulation extension.
  float benchAmp = 0;  // +- variation of the lower shelf's elevation
  float plateauAmp = 0;
  float shelfSpanMin = 0;  // shelf strength range
  float shelfSpanMax = 0;
  float elevFreqIslands = 0;  // undulations per island width
  float strengthFreqIslands = 0;
  std::int32_t benchSeedOffset = 0;
  std::int32_t plateauSeedOffset = 0;
  std::int32_t strengthSeedOffset = 0;
  // v5 preset extension.
  std::uint8_t presetId = 2;  // 1 compact, 2 balanced
  float k5 = 0;
  float k6 = 0;
};

// The terrain detail passes (TDTL v2).
struct DetailRecord {
  std::uint16_t detailVersion = 2;
  float reliefAmpM = 0;  // shelf micro-relief, output metres
  float reliefFreqIslands = 0;
  std::int32_t reliefSeedOffset = 0;
  float edgeAmpM = 0;  // shelf-edge shift, input metres, as applied (clamped)
  float edgeFreqIslands = 0;
  std::int32_t edgeSeedOffset = 0;
  float edgeMaxShiftM = 0;
};

// The droplet hydraulic-erosion pass (EROS v2).
struct ErosionRecord {
  std::uint16_t erosionVersion = 2;
  std::int32_t dropletCount = 0;
  std::int32_t lifetime = 0;
  std::int32_t brushRadius = 0;
  std::int32_t seedOffset = 0;
  float carveCapM = 0;
  float depositCapM = 0;  // <= 0: unbounded
  float seaMarginM = 0;
  float inertia = 0;
  float capacityFactor = 0;
  float minSlopeM = 0;
  float erodeRate = 0;
  float depositRate = 0;
  float evaporation = 0;
  float gravity = 0;
  float craterExclFactor = 0;
};

// The balanced preset at this sea level; spikeMax is measured per seed.
CurveRecord balancedCurve(float seaLevel, float spikeMax);
DetailRecord defaultDetail();
// The upstream defaults, with the droplet count scaled to the map's area and
// the carve and deposit caps by the relief scale (relief_scale.hpp).
ErosionRecord defaultErosion(std::int32_t mapSize, double reliefScale);

}  // namespace isla::synth
