// SPDX-License-Identifier: MIT
// Towns of two blueprints: those that stayed, moved (with how far), were
// added or removed.
#pragma once

#include <cstdint>
#include <vector>

#include "isla/diff/diff_layers.hpp"

namespace isla::diff {

struct TownMove {
  std::uint64_t indexA = 0;
  std::uint64_t indexB = 0;
  TownRecord from;
  TownRecord to;
  double distancePx = 0;
};

struct TownPlace {
  std::uint64_t index = 0;
  TownRecord town;
};

struct TownChange {
  std::uint64_t countA = 0;
  std::uint64_t countB = 0;
  std::uint64_t unchanged = 0;
  std::vector<TownMove> moved;  // or changed in place (tier, highway node): distance 0
  std::vector<TownPlace> removed;
  std::vector<TownPlace> added;
};

// A town that moved at most `matchRadiusPx` is the same town; `tolerance`
// (px) is the distance below which a move is no move.
TownChange compareTowns(const std::vector<TownRecord>& a, const std::vector<TownRecord>& b,
                        double matchRadiusPx, double tolerance);

}  // namespace isla::diff
