// SPDX-License-Identifier: MIT
#include "enu_frame.hpp"

#include <cmath>
#include <numbers>

namespace isla_3dtiles {

std::array<double, 16> enuToEcef(const Geodetic& origin) {
  constexpr double kSemiMajorM = 6378137.0;
  constexpr double kFlattening = 1 / 298.257223563;
  constexpr double kEccentricity2 = kFlattening * (2 - kFlattening);
  const double lat = origin.latitudeDeg * std::numbers::pi / 180, lon = origin.longitudeDeg * std::numbers::pi / 180;
  const double sinLat = std::sin(lat), cosLat = std::cos(lat), sinLon = std::sin(lon), cosLon = std::cos(lon);
  const double primeVertical = kSemiMajorM / std::sqrt(1 - kEccentricity2 * sinLat * sinLat);
  const double h = origin.heightM;
  return {-sinLon,          cosLon,           0,      0,  // east
          -sinLat * cosLon, -sinLat * sinLon, cosLat, 0,  // north
          cosLat * cosLon,  cosLat * sinLon,  sinLat, 0,  // up
          (primeVertical + h) * cosLat * cosLon, (primeVertical + h) * cosLat * sinLon,
          (primeVertical * (1 - kEccentricity2) + h) * sinLat, 1};
}

}  // namespace isla_3dtiles
