// SPDX-License-Identifier: MIT
// Small worlds built in-process from generated blueprints whose heights are
// smooth and different in every source, so that strips, corners and edges
// have something to match.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <vector>

#include <isla/container/blueprint_reader.hpp>
#include <isla/world/world.hpp>

#include "sample_blueprint.hpp"

namespace isla::test {

struct WorldSpec {
  std::int32_t rows = 1;
  std::int32_t cols = 1;
  std::int32_t mapSize = 256;
  std::int32_t gapCells = 8;
  unsigned threads = 1;
  bool plane = false;  // every source a piece of one plane (planeHeight)
  // Changes a source's sample blueprint (its classes, say) before it is encoded.
  std::function<void(SampleBlueprint& sample, const LayoutSource& source)> edit = {};
};

inline constexpr double kPlaneSlopeX = 0.08;
inline constexpr double kPlaneSlopeZ = -0.05;
inline double planeHeight(double x, double z) { return 40 + kPlaneSlopeX * x + kPlaneSlopeZ * z; }

// The layout of `spec`, sources named "s<r><c>".
Layout layoutOf(const WorldSpec& spec);
World buildTestWorld(const WorldSpec& spec);

// Two sample blueprints, w.dat and e.dat side by side, and their layout
// (gap_cells 6) written into `dir`; returns the layout's path.
std::filesystem::path writePairLayout(const std::filesystem::path& dir);

// Every row of a patch, copied.
std::vector<std::vector<float>> patchHeights(const World& world, std::size_t patch);

}  // namespace isla::test
