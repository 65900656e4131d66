// SPDX-License-Identifier: MIT
// The obj exporter's options (stride, window, weld) as read values, and
// the samples of a patch they select.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include <isla/plugin/options.hpp>
#include <isla/world/world.hpp>

namespace isla_obj {

struct Window {
  double minX = 0, minZ = 0, maxX = 0, maxZ = 0;  // world metres
};

struct MeshOptions {
  std::int32_t stride = 1;
  std::optional<Window> window;
  bool weld = false;
};

std::vector<isla::OptionSpec> meshOptionSpecs();
MeshOptions readMeshOptions(const isla::OptionValues& values);
// The rule across the window's numbers: throws std::invalid_argument.
void checkWindow(const isla::OptionValues& values);

// The sample indices of one patch that the mesh keeps, x and z increasing:
// every stride-th from the first inside the window, and always the last
// inside it, so that neighbours keep the same samples on their shared side.
struct Selection {
  std::vector<std::int32_t> xs;
  std::vector<std::int32_t> zs;
};
// Empty when the window leaves the patch fewer than two samples either way
// (no cell to draw).
std::optional<Selection> selectSamples(const isla::Patch& patch, double spacingM, const MeshOptions& options);

}  // namespace isla_obj
