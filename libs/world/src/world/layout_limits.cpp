// SPDX-License-Identifier: MIT
#include "isla/world/layout_limits.hpp"

#include <cmath>
#include <limits>

#include "isla/json/json_text.hpp"

namespace isla {

namespace {

// The largest world: kRowRange.maximum + 1 sources a side of the largest
// MapSize, the widest gaps, the widest spacing.
constexpr double kLargestSidePerAxisSamples =
    (kColRange.maximum + 1) * (kMaxMapSize - 1) + kColRange.maximum * kGapCellsRange.maximum + 1;
static_assert(kLargestSidePerAxisSamples < double{std::numeric_limits<float>::max()},
              "a world's side in samples must be a finite float32");
static_assert(kLargestSidePerAxisSamples * kSpacingRange.maximum < double{std::numeric_limits<float>::max()},
              "a world's side in metres must be a finite float32");
// A gap curve leaves a source with the steepest slope two heights can make
// (from -kMaxHeightM to +kMaxHeightM in one sample) across the widest gap.
static_assert(2 * kMaxHeightM / kSpacingRange.minimum * kGapCellsRange.maximum * kSpacingRange.maximum <
                  double{std::numeric_limits<float>::max()},
              "heights, and the slopes and gap curves made from them, must stay finite float32");

std::string text(double value) { return toJsonText(value, false); }

}  // namespace

std::optional<std::string> outOfRange(double value, const NumberRange& range) {
  const std::string key(range.key);
  const std::string span = range.minimumExcluded ? "it is above " + text(range.minimum) + " and at most " + text(range.maximum)
                                                 : "it runs from " + text(range.minimum) + " to " + text(range.maximum);
  if (!std::isfinite(value)) return key + " is not a finite number; " + span;
  const bool below = range.minimumExcluded ? !(value > range.minimum) : value < range.minimum;
  if (below || value > range.maximum) return key + " is " + text(value) + "; " + span;
  if (range.integral && std::trunc(value) != value) return key + " is " + text(value) + "; it must be a whole number";
  return std::nullopt;
}

}  // namespace isla
