// SPDX-License-Identifier: MIT
// The compiler's input (layout-v1.schema.json): the world's name, its
// settings and the sources on a full R x C grid.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "isla/base/diagnostics.hpp"
#include "isla/base/units.hpp"

namespace isla {

inline constexpr std::string_view kLayoutFormat = "terrain-world.layout";

struct WorldSettings {
  double spacingM = 1.0;
  double heightScaleM = 251.0;
  std::int32_t gapCells = 64;
  double slopeWarningDeg = 35.0;
};

struct LayoutSource {
  std::string id;
  std::string ns;    // the namespace (bundle id) of its scenery ids
  std::string file;  // the path as the layout gives it
  std::filesystem::path path;  // resolved against the layout's directory
  std::int32_t row = 0;
  std::int32_t col = 0;
  std::string pointer;  // "/sources/2", for diagnostics
};

struct Layout {
  std::filesystem::path file;
  std::string name;
  WorldSettings settings;
  std::int32_t rows = 0;
  std::int32_t cols = 0;
  std::vector<LayoutSource> sources;  // sorted by (row, col), whatever the file's order
};

// Reads and checks a layout: schema, a full grid, unique ids, namespaces and
// cells. Every problem is a diagnostic with the file and its JSON pointer;
// returns nullopt when there is any error.
std::optional<Layout> loadLayout(const std::filesystem::path& file, Diagnostics& out);
std::optional<Layout> parseLayout(std::string_view json, const std::filesystem::path& file,
                                  Diagnostics& out);

// One blueprint as a 1 x 1 layout with default settings but the height
// scale of `units` (isla-tool export --height-scale, the one setting such a
// world cannot take from a layout): its id and namespace are the file's
// stem, made a valid identifier.
Layout singleSourceLayout(const std::filesystem::path& blueprint, const Units& units);

}  // namespace isla
