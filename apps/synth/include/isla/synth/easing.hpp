// SPDX-License-Identifier: MIT
// The smooth 0-to-1 ramp every blend between two shapes uses.
#pragma once

#include <algorithm>

namespace isla::synth {

// 0 at or before edge0, 1 at or after edge1, a smooth cubic in between.
inline double smoothstep(double edge0, double edge1, double x) {
  const double t = std::clamp((x - edge0) / (edge1 - edge0), 0.0, 1.0);
  return t * t * (3 - 2 * t);
}

}  // namespace isla::synth
