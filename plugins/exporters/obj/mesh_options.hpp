// SPDX-License-Identifier: MIT
// The obj exporter's options (stride, window, weld, lod_error) as read values, and
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
  double lodErrorM = 0;  // 0: the contract's triangles; above 0: one level within that vertical error
};

std::vector<isla::OptionSpec> meshOptionSpecs();
MeshOptions readMeshOptions(const isla::OptionValues& values);
// The rules across values: the window's min below its max, and lod_error
// above 0 without stride or weld. Throws std::invalid_argument.
void checkMeshOptions(const isla::OptionValues& values);

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
