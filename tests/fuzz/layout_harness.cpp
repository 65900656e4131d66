// SPDX-License-Identifier: MIT
// fuzzLayout: the layout reader takes any bytes without throwing, and what it
// accepts is a layout the compile can size nothing wrong with: a full grid
// within the ranges, settings within theirs, no NUL in a path.
#include <isla/world/layout.hpp>
#include <isla/world/layout_limits.hpp>

#include <algorithm>
#include <string>

#include "finding.hpp"
#include "harness.hpp"

namespace isla::fuzz {

namespace {

void requireInRange(double value, const NumberRange& range) {
  if (const auto why = outOfRange(value, range)) finding("an accepted layout has " + *why);
}

void checkAccepted(const Layout& layout, const Diagnostics& diagnostics) {
  if (diagnostics.hasErrors()) finding("a layout was accepted with errors");
  requireInRange(layout.settings.spacingM, kSpacingRange);
  requireInRange(layout.settings.heightScaleM, kHeightScaleRange);
  requireInRange(layout.settings.gapCells, kGapCellsRange);
  if (!(layout.settings.slopeWarningDeg > 0 && layout.settings.slopeWarningDeg < 90)) {
    finding("an accepted layout has slope_warning_deg outside (0, 90)");
  }
  if (layout.rows < 1 || layout.cols < 1 || layout.rows > kRowRange.maximum + 1 || layout.cols > kColRange.maximum + 1) {
    finding("an accepted layout has a grid of " + std::to_string(layout.rows) + " x " + std::to_string(layout.cols));
  }
  if (layout.sources.size() != static_cast<std::size_t>(layout.rows) * static_cast<std::size_t>(layout.cols)) {
    finding("an accepted layout does not fill its grid");
  }
  if (layout.name.empty() || layout.name.size() > 4 * kMaxNameCharacters) finding("an accepted name is too long");
  for (std::size_t i = 0; i < layout.sources.size(); ++i) {
    const LayoutSource& s = layout.sources[i];
    if (s.row != static_cast<std::int32_t>(i) / layout.cols || s.col != static_cast<std::int32_t>(i) % layout.cols) {
      finding("an accepted layout's sources are not sorted by cell, one a cell");
    }
    if (s.file.find('\0') != std::string::npos) finding("an accepted path holds a NUL");
  }
}

}  // namespace

int fuzzLayout(std::span<const std::byte> input) {
  const std::string_view text(reinterpret_cast<const char*>(input.data()), input.size());
  Diagnostics diagnostics;
  std::optional<Layout> layout;
  try {
    layout = parseLayout(text, "fuzz/layout.json", diagnostics);
  } catch (const std::exception& error) {
    finding(std::string("the layout reader threw: ") + error.what());
  }
  if (layout) {
    checkAccepted(*layout, diagnostics);
  } else if (!diagnostics.hasErrors()) {
    finding("a layout was refused without an error");
  }
  for (const auto& d : diagnostics.items()) {
    if (d.message.empty() || d.code.empty()) finding("a layout diagnostic has no code or no message");
  }
  return 0;
}

}  // namespace isla::fuzz
