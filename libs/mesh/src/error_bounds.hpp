// SPDX-License-Identifier: MIT
// How the error pass rounds: split errors are kept as float32 rounded up, so
// that a stored error is never below the measured one; a bound worked out
// instead of measured gets a slack that covers the measurement's own
// rounding, and stays above 0 so that its sign can mark it (see RtinErrors).
#pragma once

#include <cmath>
#include <limits>

namespace isla::mesh {

inline float roundedUp(double error) {
  float rounded = static_cast<float>(error);
  if (static_cast<double>(rounded) < error) rounded = std::nextafter(rounded, std::numeric_limits<float>::infinity());
  return rounded;
}

inline double withSlack(double bound) { return bound * (1 + 1e-12) + 1e-12; }

}  // namespace isla::mesh
