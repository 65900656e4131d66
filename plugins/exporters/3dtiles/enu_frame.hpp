// SPDX-License-Identifier: MIT
// The east-north-up frame at a point of the WGS84 ellipsoid, as the 4 x 4
// column-major matrix a 3D Tiles `transform` takes: tileset x east, y north,
// z up (metres) to Earth-centred, Earth-fixed metres.
#pragma once

#include <array>

#include "tiles_options.hpp"

namespace isla_3dtiles {

std::array<double, 16> enuToEcef(const Geodetic& origin);

}  // namespace isla_3dtiles
