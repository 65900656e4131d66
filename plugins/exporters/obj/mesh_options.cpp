// SPDX-License-Identifier: MIT
#include "mesh_options.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>
#include <string_view>

namespace isla_obj {

namespace {

template <class T>
std::optional<T> parseWhole(std::string_view text) {
  T value{};
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return value;
}

std::int32_t parseStride(const std::string& text) {
  const auto stride = parseWhole<std::int32_t>(text);
  if (!stride || *stride < 1) {
    throw std::invalid_argument("obj: option 'stride' takes a whole number of samples, at least 1, not '" + text + "'");
  }
  return *stride;
}

Window parseWindow(const std::string& text) {
  double values[4];
  std::string_view rest = text;
  for (std::size_t i = 0; i < 4; ++i) {
    const std::size_t comma = i < 3 ? rest.find(',') : rest.size();
    const auto value = comma == std::string_view::npos ? std::nullopt : parseWhole<double>(rest.substr(0, comma));
    if (!value || !std::isfinite(*value)) {
      throw std::invalid_argument("obj: option 'window' takes min_x,min_z,max_x,max_z in metres, not '" + text + "'");
    }
    values[i] = *value;
    rest.remove_prefix(std::min(rest.size(), comma + 1));
  }
  const Window window{values[0], values[1], values[2], values[3]};
  if (!(window.minX < window.maxX && window.minZ < window.maxZ)) {
    throw std::invalid_argument("obj: option 'window' takes min_x below max_x and min_z below max_z, not '" + text +
                                "'");
  }
  return window;
}

bool parseWeld(const std::string& text) {
  if (text == "true") return true;
  if (text == "false") return false;
  throw std::invalid_argument("obj: option 'weld' takes true or false, not '" + text + "'");
}

double parseLodError(const std::string& text) {
  double value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value, std::chars_format::fixed);
  if (error != std::errc() || end != text.data() + text.size() || !std::isfinite(value) || value < 0) {
    throw std::invalid_argument("obj: option 'lod_error' takes metres of vertical error, 0 or more, not '" + text +
                                "'");
  }
  return value;
}

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
      {"stride", isla::OptionType::Integer, "keep every K-th sample (and each patch's last row and column)", "1"},
      {"window", isla::OptionType::String, "only the samples inside min_x,min_z,max_x,max_z (world metres)"},
      {"weld", isla::OptionType::Flag, "write a vertex shared by neighbouring patches once (true or false)", "false"},
      {"lod_error", isla::OptionType::Number,
       "0: the contract's triangles; above 0: one level of detail within that vertical error in metres, meshed by "
       "chunks with skirts",
       "0"},
  };
}

MeshOptions parseMeshOptions(const isla::OptionValues& values) {
  MeshOptions options;
  if (const auto stride = values.get("stride")) options.stride = parseStride(*stride);
  if (const auto window = values.get("window")) options.window = parseWindow(*window);
  if (const auto weld = values.get("weld")) options.weld = parseWeld(*weld);
  if (const auto lodError = values.get("lod_error")) options.lodErrorM = parseLodError(*lodError);
  if (options.lodErrorM > 0 && (options.stride > 1 || options.weld)) {
    throw std::invalid_argument("obj: option 'lod_error' above 0 takes neither 'stride' nor 'weld': a level picks "
                                "its own vertices");
  }
  return options;
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
