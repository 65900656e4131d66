// SPDX-License-Identifier: MIT
// The relief for the map's size in metres. synth's native island (summits
// at 420 m, a sea floor 163 m below the sea, 1 raw = 251 m) has the
// proportions of an island at least kNativeExtentM across: there its
// steepest triangles stay under about 30 degrees. A map made for a smaller
// extent (MapSize - 1 cells of `spacing` metres) keeps those proportions, so
// the same slopes: every height about the sea, the crater's depth and rim
// and the erosion's caps are scaled by extent / kNativeExtentM.
#pragma once

#include <cstdint>
#include <optional>

#include "isla/synth/grid.hpp"
#include "isla/synth/workers.hpp"

namespace isla::synth {

inline constexpr double kNativeExtentM = 40000;

// 1 without a spacing (the native relief) and for extents of
// kNativeExtentM or more; else extent / kNativeExtentM.
double reliefScale(std::int32_t mapSize, std::optional<double> spacingM);

// Every height h becomes seaLevel + scale (h - seaLevel): the coastline stays.
void scaleRelief(Grid<float>& heights, float seaLevel, double scale, const Workers& workers);

}  // namespace isla::synth
