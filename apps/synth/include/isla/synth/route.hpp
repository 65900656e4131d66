// SPDX-License-Identifier: MIT
// Routing over the terrain at coarse resolution: a grid of cells with their
// mean height and whether a road may enter them, the mainland (the largest
// connected passable region), and A* paths whose cost grows with the slope,
// refined into smooth polylines that start and end at exact points.
#pragma once

#include <cmath>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include <isla/model/polylines.hpp>

#include "isla/synth/grid.hpp"
#include "isla/synth/terrain.hpp"
#include "isla/synth/workers.hpp"

namespace isla::synth {

inline double distance(Point2f a, Point2f b) { return std::hypot(double{a.x} - b.x, double{a.y} - b.y); }

struct Cell {
  std::int32_t x = 0;
  std::int32_t y = 0;
  constexpr bool operator==(const Cell&) const = default;
};

class CostGrid {
 public:
  // Cells hold no water pixel to be passable; the crater bowl is not.
  CostGrid(const Grid<float>& heights, const Grid<std::uint16_t>& waterIds, const Crater& crater,
           const Workers& workers);

  std::int32_t mapSize() const { return mapSize_; }
  std::int32_t cellSize() const { return cellSize_; }
  std::int32_t cells() const { return cells_; }  // per side
  std::size_t cellCount() const { return height_.size(); }
  std::size_t index(Cell cell) const {
    return static_cast<std::size_t>(cell.x) * static_cast<std::size_t>(cells_) +
           static_cast<std::size_t>(cell.y);
  }
  bool contains(Cell cell) const { return cell.x >= 0 && cell.y >= 0 && cell.x < cells_ && cell.y < cells_; }

  Cell cellOf(Point2f point) const;
  // The cell's centre pixel, within the map.
  Point2f centre(Cell cell) const;
  float height(Cell cell) const { return height_[index(cell)]; }
  bool passable(Cell cell) const { return passable_[index(cell)] != 0; }
  bool onMainland(Cell cell) const { return mainland_[index(cell)] != 0; }
  // Raw height per map width between two neighbouring cells' centres.
  double slope(Cell from, Cell to) const;

 private:
  void findMainland();

  std::int32_t mapSize_;
  std::int32_t cellSize_;
  std::int32_t cells_;
  std::vector<float> height_;
  std::vector<std::uint8_t> passable_;
  std::vector<std::uint8_t> mainland_;
};

// How a road tier weighs the terrain.
struct RouteStyle {
  double slopePenalty = 0;  // cost per step grows by slopePenalty x slope^2
  double reuseFactor = 1;   // the cost of a step along an existing road
};

// Cells that already carry a road, for the reuse discount.
class RoadCells {
 public:
  explicit RoadCells(const CostGrid& grid) : grid_(grid), used_(grid.cellCount(), 0) {}
  void mark(std::span<const Point2f> path);
  bool used(Cell cell) const { return used_[grid_.index(cell)] != 0; }

 private:
  const CostGrid& grid_;
  std::vector<std::uint8_t> used_;
};

// A road from `from` to `to` (both on passable cells of one region): the
// cheapest cell path, simplified, smoothed and clipped to the map, with the
// exact endpoints. nullopt when no path exists.
std::optional<std::vector<Point2f>> findRoute(const CostGrid& grid, const RoadCells& roads,
                                              const RouteStyle& style, Point2f from, Point2f to);

}  // namespace isla::synth
