// SPDX-License-Identifier: MIT
// One patch's report figures: extrema, steepest triangle, overshoot.
// Internal to the kernel.
#pragma once

#include "isla/world/world.hpp"

namespace isla {

// The figures of rows [firstRow, endRow) of a patch (and of the triangles
// between firstRow - 1 and firstRow), streaming the rows once. Every figure
// is exact for heights as a JSON reader gets them back, though the pass runs
// on float32. Parts of one patch combine by min and max.
PatchStats computePatchStats(const World& world, std::size_t patch, std::int32_t firstRow,
                             std::int32_t endRow);

}  // namespace isla
