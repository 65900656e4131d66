// SPDX-License-Identifier: MIT
#include "isla/synth/route.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <functional>
#include <limits>
#include <queue>
#include <utility>

namespace isla::synth {

namespace {

// About 512 cells across at most, and never under 4 pixels a cell.
constexpr std::int32_t kMaxCellsAcross = 512;
constexpr std::int32_t kMinCellPixels = 4;
// Roads keep out of the crater's bowl (rim distances).
constexpr double kCraterKeepOut = 1.0;
// Refinement, in cells: simplification tolerance, longest segment before
// smoothing (so that smoothing never cuts a corner by more than a cell).
constexpr double kSimplifyTolerance = 0.5;
constexpr double kLongestSegment = 2.0;
constexpr int kSmoothingPasses = 2;

constexpr std::array<std::array<std::int32_t, 2>, 8> kSteps{
    {{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}}};

Point2f lerp(Point2f a, Point2f b, double t) {
  return {static_cast<float>(a.x + (b.x - a.x) * t), static_cast<float>(a.y + (b.y - a.y) * t)};
}

double segmentDistance(Point2f p, Point2f a, Point2f b) {
  const double dx = double{b.x} - a.x, dy = double{b.y} - a.y;
  const double lengthSquared = dx * dx + dy * dy;
  if (lengthSquared == 0) return distance(p, a);
  const double t =
      std::clamp(((double{p.x} - a.x) * dx + (double{p.y} - a.y) * dy) / lengthSquared, 0.0, 1.0);
  return distance(p, lerp(a, b, t));
}

// Douglas-Peucker: the points that keep the polyline within `tolerance`.
std::vector<Point2f> simplify(const std::vector<Point2f>& points, double tolerance) {
  std::vector<std::uint8_t> keep(points.size(), 0);
  keep.front() = keep.back() = 1;
  std::vector<std::pair<std::size_t, std::size_t>> spans{{0, points.size() - 1}};
  while (!spans.empty()) {
    const auto [first, last] = spans.back();
    spans.pop_back();
    double farthest = tolerance;
    std::size_t split = first;
    for (std::size_t i = first + 1; i < last; ++i) {
      const double d = segmentDistance(points[i], points[first], points[last]);
      if (d > farthest) {
        farthest = d;
        split = i;
      }
    }
    if (split == first) continue;
    keep[split] = 1;
    spans.emplace_back(first, split);
    spans.emplace_back(split, last);
  }
  std::vector<Point2f> kept;
  for (std::size_t i = 0; i < points.size(); ++i) {
    if (keep[i]) kept.push_back(points[i]);
  }
  return kept;
}

std::vector<Point2f> subdivide(const std::vector<Point2f>& points, double longest) {
  std::vector<Point2f> out{points.front()};
  for (std::size_t i = 1; i < points.size(); ++i) {
    const auto pieces = static_cast<int>(std::ceil(distance(points[i - 1], points[i]) / longest));
    for (int k = 1; k < pieces; ++k)
      out.push_back(lerp(points[i - 1], points[i], static_cast<double>(k) / pieces));
    out.push_back(points[i]);
  }
  return out;
}

// Chaikin corner cutting; the endpoints stay where they are.
std::vector<Point2f> smooth(const std::vector<Point2f>& points) {
  if (points.size() < 3) return points;
  std::vector<Point2f> out{points.front()};
  for (std::size_t i = 0; i + 1 < points.size(); ++i) {
    if (i > 0) out.push_back(lerp(points[i], points[i + 1], 0.25));
    if (i + 2 < points.size()) out.push_back(lerp(points[i], points[i + 1], 0.75));
  }
  out.push_back(points.back());
  return out;
}

}  // namespace

CostGrid::CostGrid(const Grid<float>& heights, const Grid<std::uint16_t>& waterIds, const Crater& crater,
                   const Workers& workers)
    : mapSize_(heights.size()),
      cellSize_(std::max(kMinCellPixels, (heights.size() + kMaxCellsAcross - 1) / kMaxCellsAcross)),
      cells_((heights.size() + cellSize_ - 1) / cellSize_),
      height_(static_cast<std::size_t>(cells_) * static_cast<std::size_t>(cells_)),
      passable_(height_.size()),
      mainland_(height_.size()) {
  // One task a column of cells; each cell sums its own pixels in a fixed order.
  workers.run(static_cast<std::size_t>(cells_), [&](std::size_t column) {
    const auto cx = static_cast<std::int32_t>(column);
    for (std::int32_t cy = 0; cy < cells_; ++cy) {
      double sum = 0;
      bool dry = true;
      const std::int32_t x1 = std::min(mapSize_, (cx + 1) * cellSize_);
      const std::int32_t y1 = std::min(mapSize_, (cy + 1) * cellSize_);
      for (std::int32_t x = cx * cellSize_; x < x1; ++x) {
        for (std::int32_t y = cy * cellSize_; y < y1; ++y) {
          sum += heights(x, y);
          dry = dry && waterIds(x, y) == 0;
        }
      }
      const Cell cell{cx, cy};
      const Point2f middle = centre(cell);
      const auto pixels = static_cast<double>(x1 - cx * cellSize_) * static_cast<double>(y1 - cy * cellSize_);
      height_[index(cell)] = static_cast<float>(sum / pixels);
      passable_[index(cell)] = dry && crater.rimDistance(middle.x, middle.y) >= kCraterKeepOut;
    }
  });
  findMainland();
}

Cell CostGrid::cellOf(Point2f point) const {
  auto along = [&](float coordinate) {
    return std::clamp(static_cast<std::int32_t>(coordinate) / cellSize_, 0, cells_ - 1);
  };
  return {along(point.x), along(point.y)};
}

Point2f CostGrid::centre(Cell cell) const {
  auto along = [&](std::int32_t c) {
    return static_cast<float>(std::min(mapSize_ - 1, c * cellSize_ + cellSize_ / 2));
  };
  return {along(cell.x), along(cell.y)};
}

double CostGrid::slope(Cell from, Cell to) const {
  const double run = std::hypot(to.x - from.x, to.y - from.y) * cellSize_ / static_cast<double>(mapSize_);
  return std::abs(double{height(to)} - height(from)) / run;
}

void CostGrid::findMainland() {
  std::vector<std::int32_t> region(height_.size(), -1);
  std::vector<std::size_t> regionSize;
  std::vector<Cell> stack;
  for (std::int32_t cx = 0; cx < cells_; ++cx) {
    for (std::int32_t cy = 0; cy < cells_; ++cy) {
      if (!passable({cx, cy}) || region[index({cx, cy})] >= 0) continue;
      const auto label = static_cast<std::int32_t>(regionSize.size());
      std::size_t count = 0;
      region[index({cx, cy})] = label;
      stack.push_back({cx, cy});
      while (!stack.empty()) {
        const Cell cell = stack.back();
        stack.pop_back();
        ++count;
        for (std::size_t s = 0; s < 4; ++s) {
          const Cell next{cell.x + kSteps[s][0], cell.y + kSteps[s][1]};
          if (!contains(next) || !passable(next) || region[index(next)] >= 0) continue;
          region[index(next)] = label;
          stack.push_back(next);
        }
      }
      regionSize.push_back(count);
    }
  }
  if (regionSize.empty()) return;
  // The largest region; the first found among equals.
  const auto largest =
      static_cast<std::int32_t>(std::max_element(regionSize.begin(), regionSize.end()) - regionSize.begin());
  for (std::size_t i = 0; i < region.size(); ++i) mainland_[i] = region[i] == largest;
}

void RoadCells::mark(std::span<const Point2f> path) {
  for (const Point2f point : path) used_[grid_.index(grid_.cellOf(point))] = 1;
}

std::optional<std::vector<Point2f>> findRoute(const CostGrid& grid, const RoadCells& roads,
                                              const RouteStyle& style, Point2f from, Point2f to) {
  const Cell start = grid.cellOf(from);
  const Cell goal = grid.cellOf(to);
  if (!grid.passable(start) || !grid.passable(goal)) return std::nullopt;

  // A*: ties in the queue break on the cell index, so the search is the same
  // on every run.
  const std::size_t count = grid.cellCount();
  std::vector<float> cost(count, std::numeric_limits<float>::infinity());
  std::vector<std::int32_t> parent(count, -1);
  std::vector<std::uint8_t> closed(count, 0);
  using Entry = std::pair<float, std::uint32_t>;
  std::priority_queue<Entry, std::vector<Entry>, std::greater<>> open;
  auto remaining = [&](Cell cell) {
    return static_cast<float>(std::hypot(goal.x - cell.x, goal.y - cell.y));
  };
  auto cellAt = [&](std::size_t i) {
    return Cell{static_cast<std::int32_t>(i / static_cast<std::size_t>(grid.cells())),
                static_cast<std::int32_t>(i % static_cast<std::size_t>(grid.cells()))};
  };
  cost[grid.index(start)] = 0;
  open.emplace(remaining(start), static_cast<std::uint32_t>(grid.index(start)));
  while (!open.empty()) {
    const std::size_t i = open.top().second;
    open.pop();
    if (closed[i]) continue;
    closed[i] = 1;
    const Cell cell = cellAt(i);
    if (cell == goal) break;
    for (const auto& step : kSteps) {
      const Cell next{cell.x + step[0], cell.y + step[1]};
      if (!grid.contains(next) || !grid.passable(next) || closed[grid.index(next)]) continue;
      const bool diagonal = step[0] != 0 && step[1] != 0;
      // No corner cutting: a diagonal step needs both cells beside it.
      if (diagonal && (!grid.passable({cell.x, next.y}) || !grid.passable({next.x, cell.y}))) continue;
      const double slope = grid.slope(cell, next);
      const double stepCost = (diagonal ? std::sqrt(2.0) : 1.0) * (1 + style.slopePenalty * slope * slope) *
                              (roads.used(next) ? style.reuseFactor : 1.0);
      const auto total = static_cast<float>(cost[i] + stepCost);
      const std::size_t n = grid.index(next);
      if (total < cost[n]) {
        cost[n] = total;
        parent[n] = static_cast<std::int32_t>(i);
        open.emplace(total + remaining(next), static_cast<std::uint32_t>(n));
      }
    }
  }
  if (!closed[grid.index(goal)]) return std::nullopt;

  std::vector<Point2f> points;
  for (auto i = static_cast<std::int32_t>(grid.index(goal)); i >= 0;
       i = parent[static_cast<std::size_t>(i)]) {
    points.push_back(grid.centre(cellAt(static_cast<std::size_t>(i))));
  }
  std::reverse(points.begin(), points.end());
  points.front() = from;
  if (points.size() == 1) points.push_back(to);
  points.back() = to;

  const double cell = grid.cellSize();
  points = subdivide(simplify(points, kSimplifyTolerance * cell), kLongestSegment * cell);
  for (int pass = 0; pass < kSmoothingPasses; ++pass) points = smooth(points);
  const auto last = static_cast<float>(grid.mapSize() - 1);
  for (auto& point : points) {
    point.x = std::clamp(point.x, 0.0f, last);
    point.y = std::clamp(point.y, 0.0f, last);
  }
  return points;
}

}  // namespace isla::synth
