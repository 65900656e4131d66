// SPDX-License-Identifier: MIT
// How blueprint units map to metres (DECISIONS.md: 1 raw = 251 m, 1 px = 1 m).
#pragma once

namespace isla {

struct Units {
  double heightScaleM = 251.0;
  double spacingM = 1.0;
};

}  // namespace isla
