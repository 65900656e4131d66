// SPDX-License-Identifier: MIT
// An engine preset's heightmaps and its material layer maps, written side
// by side: they read different grids into different files, and the
// heights' pass (one row at a time, mostly on one core) would otherwise
// leave a core idle before the layers start.
#pragma once

#include <functional>

#include <isla/base/progress.hpp>

namespace isla_png {

// The share of an export's progress the heights take when the two run one
// after the other (about their share of the time at 8192², docs/performance.md).
inline constexpr double kHeightsShareBesideLayers = 0.2;

using Pass = std::function<void(isla::Progress& progress)>;

// Runs `heights` on a thread of its own while `layers` runs on the caller's
// and reports `progress` alone (a Progress is called from the job's
// thread); with one thread, one after the other, each its share. Rethrows
// the layers' failure, else the heights'; returns once both have ended.
void writeHeightsBesideLayers(unsigned threads, const Pass& heights, const Pass& layers, isla::Progress& progress);

}  // namespace isla_png
