// SPDX-License-Identifier: MIT
#include "patch_figures.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <numbers>

#include <isla/base/text_format.hpp>
#include <isla/parallel/vector_clones.hpp>

namespace isla::terrain_world {

namespace {

// A terrain file with millions of bad values gets this many diagnostics and a count.
constexpr std::size_t kMaxProblems = 20;
constexpr double kElevationTolerance = 1e-6;

std::string text(double value) { return isla::significantText(value, 9); }

// How far `value` lies outside [lo, hi].
double outside(double value, double lo, double hi) { return std::max({value - hi, lo - value, 0.0}); }

// The cell holding a coordinate (clamped to the patch) and the offset in it.
std::pair<std::size_t, double> cellOf(double coordinate, double origin, double spacing, std::size_t points) {
  const double last = static_cast<double>(points - 1);
  const double f = std::clamp((coordinate - origin) / spacing, 0.0, last);
  const std::size_t cell = std::min(static_cast<std::size_t>(f), points - 2);
  return {cell, f - static_cast<double>(cell)};
}

// Four doubles a vector: the steepest triangle is a max, which does not
// depend on the order its lanes take the cells in.
using Lanes = double __attribute__((vector_size(4 * sizeof(double))));
constexpr std::size_t kLanes = 4;

// |grad h|^2 of the steepest triangle of the cells between rows `north` and
// `south` (NW-SE split: NW, NE, SE and NW, SE, SW).
ISLA_VECTOR_CLONES
double steepestGradient2(const std::vector<double>& north, const std::vector<double>& south, double spacing) {
  const std::size_t cells = south.size() - 1;
  Lanes best = {0, 0, 0, 0};
  std::size_t x = 0;
  for (; x + kLanes <= cells; x += kLanes) {
    Lanes nw, ne, sw, se;  // unaligned loads
    std::memcpy(&nw, &north[x], sizeof nw);
    std::memcpy(&ne, &north[x + 1], sizeof ne);
    std::memcpy(&sw, &south[x], sizeof sw);
    std::memcpy(&se, &south[x + 1], sizeof se);
    const Lanes gx1 = (ne - nw) / spacing, gz1 = (se - ne) / spacing;
    const Lanes gx2 = (se - sw) / spacing, gz2 = (sw - nw) / spacing;
    const Lanes first = gx1 * gx1 + gz1 * gz1, second = gx2 * gx2 + gz2 * gz2;
    const Lanes steeper = first < second ? second : first;
    best = best < steeper ? steeper : best;
  }
  double steepest = std::max({best[0], best[1], best[2], best[3]});
  for (; x < cells; ++x) {
    const double gx1 = (north[x + 1] - north[x]) / spacing, gz1 = (south[x + 1] - north[x + 1]) / spacing;
    const double gx2 = (south[x + 1] - south[x]) / spacing, gz2 = (south[x] - north[x]) / spacing;
    steepest = std::max({steepest, gx1 * gx1 + gz1 * gz1, gx2 * gx2 + gz2 * gz2});
  }
  return steepest;
}

}  // namespace

PatchFigures::PatchFigures(PatchGrid grid, std::string file, Report& report, std::vector<ElevationQuery> queries,
                           bool recompute)
    : grid_(std::move(grid)), file_(std::move(file)), report_(report), queries_(std::move(queries)),
      recompute_(recompute) {
  auto cellRow = [&](const ElevationQuery& q) { return cellOf(q.z, grid_.originZ, grid_.spacing, grid_.pointsZ).first; };
  std::stable_sort(queries_.begin(), queries_.end(),
                   [&](const ElevationQuery& a, const ElevationQuery& b) { return cellRow(a) < cellRow(b); });
  if (recompute_) return;
  for (const auto& q : queries_) {
    const std::size_t column = cellOf(q.x, grid_.originX, grid_.spacing, grid_.pointsX).first;
    for (const std::size_t z : {cellRow(q), cellRow(q) + 1}) {
      sampledColumns_[z].push_back(column);
      sampledColumns_[z].push_back(column + 1);
    }
  }
  for (auto& [z, columns] : sampledColumns_) {
    std::sort(columns.begin(), columns.end());
    columns.erase(std::unique(columns.begin(), columns.end()), columns.end());
  }
}

// The border rows whole: they are the north and south edges.
PatchFigures::Needs PatchFigures::needs(std::size_t z) const {
  if (recompute_ || z == 0 || z + 1 == grid_.pointsZ) return {.whole = true, .columns = {}};
  const auto sampled = sampledColumns_.find(z);
  if (sampled == sampledColumns_.end()) return {};
  return {.whole = false, .columns = sampled->second};
}

void PatchFigures::problem(const std::string& pointer, const std::string& message) {
  intact_ = false;
  if (++problems_ <= kMaxProblems) {
    report_.error("world.terrain-heights", file_, pointer,
                  message + "; heights_m holds point_count_z rows of point_count_x finite numbers");
  }
}

// A row of the right length inside the patch, else a problem or, past the
// last row, a broken shape that end() reports.
bool PatchFigures::accepts(std::size_t z, std::size_t count) {
  if (count != grid_.pointsX) {
    problem("/heights_m/" + std::to_string(z),
            "row " + std::to_string(z) + " has " + std::to_string(count) + " heights, not the point_count_x of " +
                std::to_string(grid_.pointsX));
    return false;
  }
  if (z >= grid_.pointsZ || !intact_) {
    intact_ = false;  // end() reports the row count
    return false;
  }
  return true;
}

void PatchFigures::row(std::size_t z, std::span<const double> values, std::size_t count) {
  if (!accepts(z, count)) return;
  current_.assign(values.begin(), values.end());
  if (z == 0) north_ = current_;
  if (recompute_) accumulate(z);
  advance(z, current_.front(), current_.back());
}

void PatchFigures::rowSamples(std::size_t z, double first, double last, std::size_t count,
                              std::span<const double> columns) {
  if (!accepts(z, count)) return;
  const std::span<const std::size_t> sampled = needs(z).columns;
  if (sampled.empty()) {
    west_.push_back(first);
    east_.push_back(last);
    return;
  }
  // The columns not sampled are NaN: a query reading one would fail loudly.
  current_.assign(count, std::numeric_limits<double>::quiet_NaN());
  for (std::size_t i = 0; i < columns.size(); ++i) current_[sampled[i]] = columns[i];
  advance(z, first, last);
}

// Row z (current_) is taken: its ends, the queries of the cells above it.
void PatchFigures::advance(std::size_t z, double first, double last) {
  west_.push_back(first);
  east_.push_back(last);
  if (z > 0 && previousRow_ == z - 1) checkQueries(z - 1);
  previous_.swap(current_);
  previousRow_ = z;
}

// The report's figures, from row z (current_) and the one before (previous_).
void PatchFigures::accumulate(std::size_t z) {
  const auto [lo, hi] = std::minmax_element(current_.begin(), current_.end());
  if (z == 0) {
    min_ = *lo;
    max_ = *hi;
    if (grid_.across == Across::Columns) {
      columnMin_ = current_;
      columnMax_ = current_;
    }
  } else {
    min_ = std::min(min_, *lo);
    max_ = std::max(max_, *hi);
  }
  if (grid_.across == Across::Rows) {
    const double a = current_.front(), b = current_.back();
    for (const double h : current_) overshoot_ = std::max(overshoot_, outside(h, std::min(a, b), std::max(a, b)));
  } else if (grid_.across == Across::Columns) {
    for (std::size_t x = 0; x < current_.size(); ++x) {
      columnMin_[x] = std::min(columnMin_[x], current_[x]);
      columnMax_[x] = std::max(columnMax_[x], current_[x]);
    }
  }
  if (z > 0) maxGradient2_ = std::max(maxGradient2_, steepestGradient2(previous_, current_, grid_.spacing));
}

void PatchFigures::checkQueries(std::size_t cellRow) {
  for (; nextQuery_ < queries_.size(); ++nextQuery_) {
    const ElevationQuery& q = queries_[nextQuery_];
    const auto [row, v] = cellOf(q.z, grid_.originZ, grid_.spacing, grid_.pointsZ);
    if (row != cellRow) return;
    const auto [column, u] = cellOf(q.x, grid_.originX, grid_.spacing, grid_.pointsX);
    // previous_ is the north row of the cell, current_ the south one.
    const double nw = previous_[column], ne = previous_[column + 1];
    const double sw = current_[column], se = current_[column + 1];
    const double h = v <= u ? nw + u * (ne - nw) + v * (se - ne) : nw + v * (sw - nw) + u * (se - sw);
    if (!(std::abs(h - q.y) <= kElevationTolerance)) {
      report_.error("world.scenery-elevation", q.file, q.pointer,
                    "y is " + text(q.y) + " m but the terrain of " + grid_.patchId + " at (" + text(q.x) + ", " +
                        text(q.z) + ") is " + text(h) +
                        " m by the NW-SE rule; scenery elevations are sampled on the compiled terrain");
    }
  }
}

void PatchFigures::end(std::size_t rows) {
  ended_ = true;
  if (problems_ > kMaxProblems) {
    report_.error("world.terrain-heights", file_, "/heights_m",
                  std::to_string(problems_ - kMaxProblems) + " more problems in heights_m were not listed");
  }
  if (rows != grid_.pointsZ) {
    intact_ = false;
    report_.error("world.terrain-heights", file_, "/heights_m",
                  "heights_m has " + std::to_string(rows) + " rows, not the point_count_z of " +
                      std::to_string(grid_.pointsZ) + " that world.json gives " + grid_.patchId);
  }
}

double PatchFigures::maxSlopeDeg() const { return std::atan(std::sqrt(maxGradient2_)) * 180.0 / std::numbers::pi; }

double PatchFigures::overshoot() const {
  switch (grid_.across) {
    case Across::Rows: return overshoot_;
    case Across::Columns: {
      double worst = 0;
      for (std::size_t x = 0; x < north_.size() && x < previous_.size(); ++x) {
        const double lo = std::min(north_[x], previous_[x]), hi = std::max(north_[x], previous_[x]);
        worst = std::max({worst, columnMax_[x] - hi, lo - columnMin_[x]});
      }
      return worst;
    }
    case Across::Corners: {
      if (north_.empty() || previous_.empty()) return 0;
      const double corners[] = {north_.front(), north_.back(), previous_.front(), previous_.back()};
      const auto [lo, hi] = std::minmax_element(std::begin(corners), std::end(corners));
      return std::max({max_ - *hi, *lo - min_, 0.0});
    }
    case Across::None: return 0;
  }
  return 0;
}

}  // namespace isla::terrain_world
