// SPDX-License-Identifier: MIT
// The bounds every blueprint and every world built from blueprints keeps:
// readers refuse past them before sizing anything by them.
#pragma once

#include <cstdint>

namespace isla {

// Inclusive bounds of MapSize (BLUEPRINT_FORMAT.md, reader validation 2).
inline constexpr std::int32_t kMinMapSize = 256;
inline constexpr std::int32_t kMaxMapSize = 32768;

// Heights in metres (HGTS value x height_scale_m) lie within +-kMaxHeightM:
// a float32 holds far more, but the gaps are synthesised from the sources'
// heights and slopes, and those curves must stay finite float32 too.
inline constexpr double kMaxHeightM = 1.0e9;

}  // namespace isla
