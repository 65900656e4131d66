// SPDX-License-Identifier: MIT
#include "mesh_options.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>
#include <string_view>

namespace isla_obj {

namespace {

// Every stride-th index of [first, last] from first, and last.
std::vector<std::int32_t> strided(std::int32_t first, std::int32_t last, std::int32_t stride) {
  std::vector<std::int32_t> out;
  for (std::int64_t i = first; i < last; i += stride) out.push_back(static_cast<std::int32_t>(i));
  out.push_back(last);
  return out;
}

// The samples origin + i * spacing, i in [0, count), inside [min, max].
std::optional<std::vector<std::int32_t>> axisSamples(double origin, std::int32_t count, double spacing, double min,
                                                     double max, std::int32_t stride) {
  const double first = std::max(0.0, std::ceil((min - origin) / spacing));
  const double last = std::min(static_cast<double>(count - 1), std::floor((max - origin) / spacing));
  if (!(first < last)) return std::nullopt;
  return strided(static_cast<std::int32_t>(first), static_cast<std::int32_t>(last), stride);
}

}  // namespace

std::vector<isla::OptionSpec> meshOptionSpecs() {
  return {
      {.name = "stride",
       .type = isla::OptionType::Integer,
       .help = "keep every K-th sample (and each patch's last row and column)",
       .defaultValue = "1",
       .min = 1,
       .max = std::numeric_limits<std::int32_t>::max()},
      {.name = "window",
       .type = isla::OptionType::Numbers,
       .help = "only the samples inside min_x,min_z,max_x,max_z (world metres), min below max",
       .count = 4},
      {.name = "weld",
       .type = isla::OptionType::Boolean,
       .help = "write a vertex shared by neighbouring patches once",
       .defaultValue = "false"},
  };
}

MeshOptions readMeshOptions(const isla::OptionValues& values) {
  MeshOptions options;
  options.stride = static_cast<std::int32_t>(values.integer("stride"));
  options.weld = values.boolean("weld");
  if (values.has("window")) {
    const auto& corners = values.numbers("window");
    options.window = Window{corners[0], corners[1], corners[2], corners[3]};
  }
  return options;
}

void checkWindow(const isla::OptionValues& values) {
  if (!values.has("window")) return;
  const auto& corners = values.numbers("window");
  if (!(corners[0] < corners[2] && corners[1] < corners[3])) {
    throw std::invalid_argument("option 'window' takes min_x below max_x and min_z below max_z");
  }
}

std::optional<Selection> selectSamples(const isla::Patch& patch, double spacingM, const MeshOptions& options) {
  constexpr double kAll = std::numeric_limits<double>::infinity();
  const Window window = options.window.value_or(Window{-kAll, -kAll, kAll, kAll});
  auto xs = axisSamples(patch.originX, patch.pointsX, spacingM, window.minX, window.maxX, options.stride);
  auto zs = axisSamples(patch.originZ, patch.pointsZ, spacingM, window.minZ, window.maxZ, options.stride);
  if (!xs || !zs) return std::nullopt;
  return Selection{std::move(*xs), std::move(*zs)};
}

}  // namespace isla_obj
