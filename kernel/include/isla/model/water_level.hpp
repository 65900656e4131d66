// SPDX-License-Identifier: MIT
// The water-surface role's level code (WaterSurfaceGrid; on disk, WSRF as
// BLUEPRINT_FORMAT.md gives it): a level L in raw height units is stored as
// 1 + round(L x 32768), so that no level encodes to the no-water sentinel 0.
// In the kernel, header-only, so that the section plugin, the validators
// and the generator share it without reaching into each other.
#pragma once

#include <cmath>
#include <cstdint>
#include <optional>

namespace isla::water_surface {

inline constexpr std::uint16_t kNoWater = 0;
// One code step is 1/32768 raw, about 7.7 mm at 251 m a raw unit.
inline constexpr double kStepsPerRaw = 32768.0;
// The lowest and highest levels a code holds: codes 1 and 65535. Every code's
// level, (q - 1) / 32768, is exact in a float.
inline constexpr float kMinLevel = 0.0f;
inline constexpr float kMaxLevel = 65534.0f / 32768.0f;  // about 1.99994

// The code of `level`, rounded to the nearest step; nullopt for a level no
// code can hold: NaN, below kMinLevel or above kMaxLevel.
inline std::optional<std::uint16_t> encodeWaterLevel(float level) {
  if (!(level >= kMinLevel && level <= kMaxLevel)) return std::nullopt;
  return static_cast<std::uint16_t>(1 + std::lround(static_cast<double>(level) * kStepsPerRaw));
}

// The level of `code`; nullopt for the no-water sentinel. For every code q,
// encodeWaterLevel(*decodeWaterLevel(q)) == q.
inline std::optional<float> decodeWaterLevel(std::uint16_t code) {
  if (code == kNoWater) return std::nullopt;
  return static_cast<float>((code - 1) / kStepsPerRaw);
}

}  // namespace isla::water_surface
