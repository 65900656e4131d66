// SPDX-License-Identifier: MIT
// terrain: every height of the heights role (HGTS, or a third party's
// section that fills it) is finite, within what a world can hold in metres
// (kMaxHeightM) and within a plausible range. The range is an option
// because "plausible" depends on the generator's settings.
#include <isla/plugin/plugin_api.hpp>
#include <isla/base/text_format.hpp>
#include <isla/json/json_text.hpp>
#include <isla/model/raster_stats.hpp>
#include <isla/model/limits.hpp>

#include <algorithm>
#include <cmath>
#include <optional>

namespace {

constexpr const char* kRangeOption = "height-range";
// Raw units: -502 m .. 2008 m at 251 m a raw; see README.md for why.
constexpr const char* kDefaultRange = "-2:8";

// Inclusive, in raw height units.
struct HeightRange {
  double min = 0;
  double max = 0;
};
constexpr HeightRange kDefaultBounds{-2, 8};  // kDefaultRange

// The option's two numbers, or nullopt when MIN is not below MAX.
std::optional<HeightRange> rangeOf(const std::vector<double>& bounds) {
  if (!(bounds[0] < bounds[1])) return std::nullopt;
  return HeightRange{bounds[0], bounds[1]};
}

std::string metres(double raw, double scale) { return isla::fixedText(raw * scale, 1) + " m"; }

std::string rawText(float value) { return isla::toText(isla::FieldValue(value)); }

class TerrainValidator final : public isla::Validator {
 public:
  std::string name() const override { return "terrain"; }
  std::string description() const override {
    return "the heights (HGTS or whatever fills the heights role) are finite and inside a plausible raw range (--height-range)";
  }
  std::vector<isla::OptionSpec> options() const override {
    return {{.name = kRangeOption,
             .type = isla::OptionType::Numbers,
             .help = "plausible HGTS heights as MIN:MAX in raw units (1 raw = height scale metres), MIN below MAX; "
                     "heights outside it are warned about",
             .defaultValue = kDefaultRange,
             .count = 2,
             .separator = ':'}};
  }

  void check(const isla::Blueprint& blueprint, const isla::ValidationContext& context,
             isla::Diagnostics& out) const override {
    const isla::FilledRole* filled = blueprint.filled(isla::Role::Heights);
    if (!filled) return;
    const isla::Raster& heights = std::get<isla::HeightGrid>(filled->content).raw;
    const isla::FourCC tag = filled->tag;
    const isla::FloatStats stats = isla::floatStats(heights);
    if (stats.firstNonFinite) reportNonFinite(heights, tag, stats, out);

    const double scale = context.units.heightScaleM;
    if (stats.finite > 0 && std::max(-stats.min, stats.max) * scale > isla::kMaxHeightM) {
      reportTooHigh(heights, tag, scale, out);
    }

    const auto& bounds = context.options.numbers(kRangeOption);
    const std::string rangeText = isla::shortestText(bounds[0]) + ":" + isla::shortestText(bounds[1]);
    const auto range = rangeOf(bounds);
    if (!range) {
      reportBadRange(rangeText, context.units.heightScaleM, out);
      return;
    }
    // The finite min/max are known: only a map that leaves the range is scanned again.
    if (stats.finite > 0 && (stats.min < range->min || stats.max > range->max)) {
      reportImplausible(heights, tag, *range, rangeText, context.units.heightScaleM, out);
    }
  }

 private:
  static void reportNonFinite(const isla::Raster& heights, isla::FourCC tag, const isla::FloatStats& stats,
                              isla::Diagnostics& out) {
    const std::uint64_t first = *stats.firstNonFinite;
    const auto pixel = isla::pixelOf(first, heights.mapSize());
    const float value = heights.values<float>()[first].value();
    const std::string message = tag.text() + " holds " + std::to_string(stats.nan) + " NaN and " +
                                std::to_string(stats.infinite) + " infinite heights; the first is " +
                                rawText(value) + " at pixel " + isla::toText(pixel) +
                                "; every height must be a finite raw value";
    out.add({isla::Severity::Error, "terrain.non-finite", message, {}, tag, {}, pixel, {}});
  }

  // A height past kMaxHeightM metres would make the world's heights, and
  // the gaps synthesised from them, overflow the float32 the package holds.
  static void reportTooHigh(const isla::Raster& heights, isla::FourCC tag, double scale, isla::Diagnostics& out) {
    const auto values = heights.values<float>();
    std::uint64_t count = 0;
    std::uint64_t first = 0;
    for (std::uint64_t i = 0; i < values.size(); ++i) {
      if (std::abs(static_cast<double>(values[i].value())) * scale > isla::kMaxHeightM) {
        if (count++ == 0) first = i;
      }
    }
    const auto pixel = isla::pixelOf(first, heights.mapSize());
    const float value = values[first].value();
    const std::string message =
        std::to_string(count) + " heights lie beyond +-" + isla::toJsonText(isla::kMaxHeightM, false) +
        " m, which a world cannot hold; the first is " + rawText(value) + " raw (" +
        isla::toJsonText(static_cast<double>(value) * scale, false) + " m at a height scale of " +
        isla::toJsonText(scale, false) + " m) at pixel " + isla::toText(pixel) +
        "; regenerate the heights, or give a smaller height scale";
    out.add({isla::Severity::Error, "terrain.height-overflow", message, {}, tag, {}, pixel, {}});
  }

  static void reportBadRange(const std::string& text, double scale, isla::Diagnostics& out) {
    const HeightRange example = kDefaultBounds;
    const std::string message = std::string("--") + kRangeOption + " '" + text +
                                "' has MIN not below MAX: write two finite numbers in raw height units, MIN below "
                                "MAX, separated by a colon, e.g. --" +
                                kRangeOption + " " + kDefaultRange + " (" + metres(example.min, scale) +
                                " .. " + metres(example.max, scale) + ")";
    out.add({isla::Severity::Error, "terrain.bad-height-range", message, {}, {}, {}, {}, {}});
  }

  static void reportImplausible(const isla::Raster& heights, isla::FourCC tag, const HeightRange& range,
                                const std::string& rangeText, double scale, isla::Diagnostics& out) {
    const auto values = heights.values<float>();
    std::uint64_t count = 0;
    std::uint64_t first = 0;
    for (std::uint64_t i = 0; i < values.size(); ++i) {
      const double value = static_cast<double>(values[i].value());
      // NaN compares false both ways: non-finite heights have their own error.
      if (value < range.min || value > range.max) {
        if (count == 0) first = i;
        ++count;
      }
    }
    const auto pixel = isla::pixelOf(first, heights.mapSize());
    const float value = values[first].value();
    const std::string message = std::to_string(count) + " heights are outside the plausible range " +
                                rangeText + " raw (" + metres(range.min, scale) + " .. " +
                                metres(range.max, scale) + "); the first is " + rawText(value) + " raw (" +
                                metres(static_cast<double>(value), scale) + ") at pixel " + isla::toText(pixel) +
                                ". Heights written in metres instead of raw units look like this; if the "
                                "terrain is real, widen --" +
                                kRangeOption;
    out.add({isla::Severity::Warning, "terrain.implausible-height", message, {}, tag, {}, pixel, {}});
  }
};

}  // namespace

ISLA_PLUGIN("1.0.0", "terrain: HGTS heights are finite and plausible", [](isla::PluginRegistrar& registrar) {
  registrar.addValidator(std::make_unique<TerrainValidator>());
});
