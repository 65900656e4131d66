// SPDX-License-Identifier: MIT
// Converting every float32 to the double its shortest decimal reads back as
// costs more than the whole pass, so the pass estimates each figure from the
// float32 values and computes it exactly (jsonFloat) only where the estimate
// comes within its error bound of the best exact value so far. The result
// is the exact maximum whatever the estimates' errors.
#include "patch_stats.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <numbers>

#include "borders.hpp"
#include "isla/base/interrupt.hpp"
#include "isla/json/json_text.hpp"
#include "isla/parallel/vector_clones.hpp"

namespace isla {

namespace {

// Relative distance of a float32 from the double its decimal reads back as
// is at most 2^-24; this bound is four times that, plus any denormal.
double float32Error(double magnitude) { return magnitude * 0x1p-22 + 0x1p-140; }

class ExactMax {
 public:
  // An estimate of 0 is exact (a sample inside its range, a flat
  // triangle: the conversion is monotonic), and only an estimate whose
  // bound passes the best can change it.
  template <class Exact>
  void offer(double estimate, double error, const Exact& exact) {
    if (estimate > 0 && estimate + error > best_) best_ = std::max(best_, exact());
  }
  double value() const { return best_; }

 private:
  double best_ = 0;  // every figure here is at least 0
};

struct Vertex {
  float nw, ne, sw, se;
};

double triangleGradient(double nw, double ne, double sw, double se, bool upper, double spacing) {
  const double du = upper ? (ne - nw) : (se - sw);
  const double dv = upper ? (se - ne) : (sw - nw);
  return std::sqrt(du * du + dv * dv) / spacing;
}

// The largest squared height step (du^2 + dv^2) of the triangles between
// two rows, before the division by the spacing.
ISLA_VECTOR_CLONES
double steepestSquared(std::span<const float> north, std::span<const float> south) {
  double steepest = 0;
  for (std::size_t x = 0; x + 1 < north.size(); ++x) {
    const double nw = north[x], ne = north[x + 1], sw = south[x], se = south[x + 1];
    const double upper = (ne - nw) * (ne - nw) + (se - ne) * (se - ne);
    const double lower = (se - sw) * (se - sw) + (sw - nw) * (sw - nw);
    steepest = std::max(steepest, std::max(upper, lower));
  }
  return steepest;
}

// A row's least and greatest height and largest magnitude, in eight lanes
// so that the loop vectorises (a single running min or max does not).
struct RowExtent {
  float low, high, magnitude;
};

ISLA_VECTOR_CLONES
RowExtent extentOf(std::span<const float> row) {
  constexpr std::size_t kLanes = 8;
  std::array<float, kLanes> low, high, magnitude;
  low.fill(std::numeric_limits<float>::infinity());
  high.fill(-std::numeric_limits<float>::infinity());
  magnitude.fill(0);
  std::size_t x = 0;
  for (; x + kLanes <= row.size(); x += kLanes) {
    for (std::size_t lane = 0; lane < kLanes; ++lane) {
      const float h = row[x + lane];
      low[lane] = h < low[lane] ? h : low[lane];
      high[lane] = h > high[lane] ? h : high[lane];
      magnitude[lane] = std::fabs(h) > magnitude[lane] ? std::fabs(h) : magnitude[lane];
    }
  }
  for (; x < row.size(); ++x) {
    low[0] = std::min(low[0], row[x]);
    high[0] = std::max(high[0], row[x]);
    magnitude[0] = std::max(magnitude[0], std::fabs(row[x]));
  }
  return {*std::min_element(low.begin(), low.end()), *std::max_element(high.begin(), high.end()),
          *std::max_element(magnitude.begin(), magnitude.end())};
}

double outside(double value, double low, double high) { return std::max({low - value, value - high, 0.0}); }

// The two source samples a strip or corner sample must stay between.
struct Range {
  float low, high;
};

Range rangeOf(float a, float b) { return {std::min(a, b), std::max(a, b)}; }

}  // namespace

PatchStats computePatchStats(const World& world, std::size_t index, std::int32_t firstRow,
                             std::int32_t endRow) {
  const Patch& patch = world.patches[index];
  const double spacing = world.settings.spacingM;
  PatchRows rows = world.heights(index, endRow);
  float low = std::numeric_limits<float>::infinity(), high = -low;
  ExactMax slope, overshoot;

  Range cornerRange{};
  if (patch.kind == PatchKind::Corner) {
    const auto boundaries = cornerBoundaries(world, patch);
    const auto& north = boundaries[static_cast<std::size_t>(Side::North)];
    const auto& south = boundaries[static_cast<std::size_t>(Side::South)];
    cornerRange = {std::min({north.front(), north.back(), south.front(), south.back()}),
                   std::max({north.front(), north.back(), south.front(), south.back()})};
  }
  // A strip's lines run across it: rows of a vertical strip, columns of a
  // horizontal one.
  std::vector<Range> lineRanges;
  if (patch.kind == PatchKind::Strip) {
    const std::int32_t lines = isVerticalStrip(patch) ? patch.pointsZ : patch.pointsX;
    for (std::size_t line = 0; line < static_cast<std::size_t>(lines); ++line) {
      lineRanges.push_back(
          rangeOf(stripLineStart(world, patch, line).height, stripLineEnd(world, patch, line).height));
    }
  }
  auto rangeAt = [&](std::size_t x, std::size_t z) -> Range {
    if (patch.kind == PatchKind::Corner) return cornerRange;
    return lineRanges[isVerticalStrip(patch) ? z : x];
  };

  std::span<const float> previous;
  float previousMagnitude = 0;
  if (firstRow > 0) {
    previous = rows.row(firstRow - 1);
    previousMagnitude = extentOf(previous).magnitude;
  }
  for (std::int32_t z = firstRow; z < endRow; ++z) {
    if (z % 256 == 0) checkInterrupted();
    const auto row = rows.row(z);
    const RowExtent extent = extentOf(row);
    low = std::min(low, extent.low);
    high = std::max(high, extent.high);
    const float rowMagnitude = extent.magnitude;
    if (patch.kind != PatchKind::Source) {
      const double error = float32Error(rowMagnitude);
      for (std::size_t x = 0; x < row.size(); ++x) {
        const Range range = rangeAt(x, static_cast<std::size_t>(z));
        overshoot.offer(outside(row[x], range.low, range.high), error, [&] {
          return outside(jsonFloat(row[x]), jsonFloat(range.low), jsonFloat(range.high));
        });
      }
    }
    if (!previous.empty()) {
      const float magnitude = std::max(rowMagnitude, previousMagnitude);
      const double error = 2 * float32Error(magnitude) / spacing;
      // Most row pairs hold no candidate: one branch-free pass finds the
      // pair's steepest estimate, and only a pair that could beat the best
      // exact slope is walked triangle by triangle.
      if (std::sqrt(steepestSquared(previous, row)) / spacing + error > slope.value()) {
        for (std::size_t x = 0; x + 1 < row.size(); ++x) {
          const Vertex v{previous[x], previous[x + 1], row[x], row[x + 1]};
          for (const bool upper : {true, false}) {
            slope.offer(triangleGradient(v.nw, v.ne, v.sw, v.se, upper, spacing), error, [&] {
              return triangleGradient(jsonFloat(v.nw), jsonFloat(v.ne), jsonFloat(v.sw), jsonFloat(v.se), upper,
                                      spacing);
            });
          }
        }
      }
    }
    previous = row;
    previousMagnitude = rowMagnitude;
  }
  return PatchStats{jsonFloat(low), jsonFloat(high), std::atan(slope.value()) * 180.0 / std::numbers::pi,
                    overshoot.value()};
}

}  // namespace isla
