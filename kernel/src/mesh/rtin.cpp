// SPDX-License-Identifier: MIT
#include "rtin.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace isla::mesh {

namespace {

// A triangle of half a cell (legs of one sample) has no sample but its
// corners: it is never split.
bool smallest(GridPoint a, GridPoint c) { return std::abs(a.x - c.x) + std::abs(a.z - c.z) == 1; }

float roundedUp(double error) {
  float rounded = static_cast<float>(error);
  if (static_cast<double>(rounded) < error) rounded = std::nextafter(rounded, std::numeric_limits<float>::infinity());
  return rounded;
}

// The two halves of the square, long side first: NW-SE, as the contract
// splits a cell.
template <class Visit>
void forEachHalf(const HeightGrid& grid, Visit visit) {
  const std::int32_t n = grid.cells();
  visit(GridPoint{0, 0}, GridPoint{n, n}, GridPoint{n, 0});
  visit(GridPoint{n, n}, GridPoint{0, 0}, GridPoint{0, n});
}

// The bintree's triangles are numbered as in martini: the two halves, then
// their children, level by level down to the triangles of one cell's area
// (whose children are the half cells, never numbered); from its number a triangle's corners
// follow. Going through them from the last, every level's triangles come
// before their parents, so that the split points a parent takes its
// children's errors from are complete, whichever side of them they lie on.
std::array<GridPoint, 3> triangleNumbered(std::uint64_t number, std::int32_t cells) {
  std::uint64_t id = number + 2;
  GridPoint a{0, 0}, b{0, 0}, c{0, 0};
  if (id & 1) b = {cells, cells}, c = {cells, 0};
  else a = {cells, cells}, c = {0, cells};
  while ((id >>= 1) > 1) {
    const GridPoint m = midpoint(a, b);
    if (id & 1) b = a, a = c;
    else a = b, b = c;
    c = m;
  }
  return {a, b, c};
}

class Walk {
 public:
  Walk(const HeightGrid& grid, const std::vector<float>& errors, double maxErrorM)
      : grid_(grid), errors_(errors), maxErrorM_(maxErrorM) {}

  void visit(GridPoint a, GridPoint b, GridPoint c) {
    if (coverage(grid_, a, b, c) == Coverage::Outside) return;
    const GridPoint m = midpoint(a, b);
    if (!smallest(a, c) && static_cast<double>(errors_[grid_.index(m)]) > maxErrorM_) {
      visit(c, a, m);
      visit(b, c, m);
    } else {
      triangles.push_back({a, b, c});
    }
  }

  std::vector<std::array<GridPoint, 3>> triangles;

 private:
  const HeightGrid& grid_;
  const std::vector<float>& errors_;
  double maxErrorM_;
};

}  // namespace

std::vector<float> rtinErrors(const HeightGrid& grid) {
  std::vector<float> errors(grid.samples(), 0.0f);
  // 2 + 4 + ... + cells^2 triangles.
  const auto cells = static_cast<std::uint64_t>(grid.cells());
  for (std::uint64_t number = 2 * cells * cells - 2; number-- > 0;) {
    const auto [a, b, c] = triangleNumbered(number, grid.cells());
    float error = 0;
    switch (coverage(grid, a, b, c)) {
      case Coverage::Inside: error = roundedUp(triangleError(grid, a, b, c)); break;
      case Coverage::Across: error = std::numeric_limits<float>::infinity(); break;
      case Coverage::Outside: break;
    }
    const GridPoint m = midpoint(a, b);
    if (!smallest(m, a)) {
      error = std::max({error, errors[grid.index(midpoint(c, a))], errors[grid.index(midpoint(b, c))]});
    }
    float& here = errors[grid.index(m)];
    here = std::max(here, error);
  }
  return errors;
}

std::vector<std::array<GridPoint, 3>> rtinTriangles(const HeightGrid& grid, const std::vector<float>& errors,
                                                    double maxErrorM) {
  Walk walk(grid, errors, maxErrorM);
  forEachHalf(grid, [&](GridPoint a, GridPoint b, GridPoint c) { walk.visit(a, b, c); });
  return std::move(walk.triangles);
}

}  // namespace isla::mesh
