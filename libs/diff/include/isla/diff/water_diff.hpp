// SPDX-License-Identifier: MIT
// Water bodies of two blueprints matched by overlap (a body's id may change
// when a lake appears earlier in scan order), and whether the ocean moved.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "isla/model/blueprint.hpp"

namespace isla::diff {

enum class BodyChangeKind : std::uint8_t { Added, Removed, Changed };

std::string_view bodyChangeKindName(BodyChangeKind kind);  // "added", ...

struct BodyChange {
  BodyChangeKind kind = BodyChangeKind::Changed;
  std::uint16_t idA = 0;  // 0 when added
  std::uint16_t idB = 0;  // 0 when removed
  std::uint64_t pixelsA = 0;
  std::uint64_t pixelsB = 0;
  std::uint64_t overlap = 0;  // pixels in both
  std::optional<float> levelA;  // WBTB surfaceLevel, raw units, when the table lists it
  std::optional<float> levelB;
};

struct WaterChange {
  std::uint64_t bodiesA = 0;
  std::uint64_t bodiesB = 0;
  std::uint64_t unchanged = 0;  // matched bodies with the same id, pixels and level
  std::vector<BodyChange> bodies;  // changed, then removed, then added; each by id
  std::uint64_t oceanPixelsA = 0;
  std::uint64_t oceanPixelsB = 0;
  std::uint64_t coastlineMoved = 0;  // pixels ocean in one and not in the other
};

// Both blueprints hold WBID of the same MapSize; `sameIds` when its bytes
// are equal. `levelTolerance`: raw units.
WaterChange compareWater(const Blueprint& a, const Blueprint& b, bool sameIds, double levelTolerance, unsigned threads);

}  // namespace isla::diff
