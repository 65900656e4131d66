// SPDX-License-Identifier: MIT
#include "rtin.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>

namespace isla::mesh {

namespace {

// A triangle of half a cell (legs of one sample) has no sample but its
// corners: it is never split, nor numbered.
bool smallest(GridPoint a, GridPoint c) { return std::abs(a.x - c.x) + std::abs(a.z - c.z) == 1; }

float roundedUp(double error) {
  float rounded = static_cast<float>(error);
  if (static_cast<double>(rounded) < error) rounded = std::nextafter(rounded, std::numeric_limits<float>::infinity());
  return rounded;
}

// The bintree's triangles are numbered as in martini: id = number + 2 holds
// a leading 1, then from the lowest bit up the half (1: the one with the
// right angle north-east) and each split's side (1: the half (c, a, m),
// 0: (b, c, m)), down to the triangles of one cell's area (depth
// 2 log2(cells) - 1; their halves, the half cells, are not numbered). A
// child's id is its parent's with the side's bit and the leading 1 above.
std::uint64_t childNumber(std::uint64_t number, bool caHalf) {
  const std::uint64_t id = number + 2;
  const std::uint64_t top = std::uint64_t{1} << (std::bit_width(id) - 1);
  return id + top * (caHalf ? 2 : 1) - 2;
}

// The height halfway along pq against the sample there, where there is one.
double midpointError(const HeightGrid& grid, GridPoint p, GridPoint q) {
  if ((p.x + q.x) % 2 != 0 || (p.z + q.z) % 2 != 0) return 0;
  return std::abs(grid.at(midpoint(p, q)) - (static_cast<double>(grid.at(p)) + grid.at(q)) / 2);
}

// A triangle's own error. One whose long side spans at most two cells has
// no sample but its corners and its sides' midpoints, where the plane is the
// side's mean: no need to walk its samples.
double ownError(const HeightGrid& grid, GridPoint a, GridPoint b, GridPoint c) {
  if (std::abs(a.x - b.x) <= 2 && std::abs(a.z - b.z) <= 2) {
    return std::max({midpointError(grid, a, b), midpointError(grid, b, c), midpointError(grid, c, a)});
  }
  return triangleError(grid, a, b, c);
}

// The two halves of the square by number, long side first: NW-SE, as the
// contract splits a cell.
template <class Visit>
void forEachHalf(const HeightGrid& grid, Visit visit) {
  const std::int32_t n = grid.cells();
  visit(1, GridPoint{0, 0}, GridPoint{n, n}, GridPoint{n, 0});
  visit(0, GridPoint{n, n}, GridPoint{0, 0}, GridPoint{0, n});
}

class Walk {
 public:
  Walk(const HeightGrid& grid, const RtinErrors& errors, double maxErrorM)
      : grid_(grid), errors_(errors), maxErrorM_(maxErrorM) {}

  void visit(std::uint64_t number, GridPoint a, GridPoint b, GridPoint c) {
    if (coverage(grid_, a, b, c) == Coverage::Outside) return;
    const GridPoint m = midpoint(a, b);
    if (!smallest(a, c) && static_cast<double>(errors_.split[grid_.index(m)]) > maxErrorM_) {
      visit(childNumber(number, true), c, a, m);
      visit(childNumber(number, false), b, c, m);
      return;
    }
    mesh.triangles.push_back({a, b, c});
    if (!smallest(a, c)) mesh.errorM = std::max(mesh.errorM, errors_.own[number]);
  }

  RtinMesh mesh;

 private:
  const HeightGrid& grid_;
  const RtinErrors& errors_;
  double maxErrorM_;
};

// Calls visit(number, a, b, c) for every triangle `depth` splits below abc.
template <class Visit>
void forEachAtDepth(int depth, std::uint64_t number, GridPoint a, GridPoint b, GridPoint c, Visit& visit) {
  if (depth == 0) {
    visit(number, a, b, c);
    return;
  }
  const GridPoint m = midpoint(a, b);
  forEachAtDepth(depth - 1, childNumber(number, true), c, a, m, visit);
  forEachAtDepth(depth - 1, childNumber(number, false), b, c, m, visit);
}

}  // namespace

// Level by level from the deepest, so that the split points a parent takes
// its children's errors from are complete, whichever side of them they lie on.
RtinErrors rtinErrors(const HeightGrid& grid) {
  const auto cells = static_cast<std::uint64_t>(grid.cells());
  RtinErrors errors{std::vector<float>(grid.samples(), 0.0f), std::vector<double>(2 * cells * cells - 2, 0.0)};
  auto visit = [&](std::uint64_t number, GridPoint a, GridPoint b, GridPoint c) {
    float error = 0;
    switch (coverage(grid, a, b, c)) {
      case Coverage::Inside:
        errors.own[number] = ownError(grid, a, b, c);
        error = roundedUp(errors.own[number]);
        break;
      case Coverage::Across: error = std::numeric_limits<float>::infinity(); break;
      case Coverage::Outside: break;
    }
    const GridPoint m = midpoint(a, b);
    if (!smallest(m, a)) {
      error = std::max({error, errors.split[grid.index(midpoint(c, a))], errors.split[grid.index(midpoint(b, c))]});
    }
    float& here = errors.split[grid.index(m)];
    here = std::max(here, error);
  };
  for (int depth = 2 * static_cast<int>(std::bit_width(cells)) - 3; depth >= 0; --depth) {
    forEachHalf(grid, [&](std::uint64_t number, GridPoint a, GridPoint b, GridPoint c) {
      forEachAtDepth(depth, number, a, b, c, visit);
    });
  }
  return errors;
}

RtinMesh rtinMesh(const HeightGrid& grid, const RtinErrors& errors, double maxErrorM) {
  Walk walk(grid, errors, maxErrorM);
  forEachHalf(grid, [&](std::uint64_t number, GridPoint a, GridPoint b, GridPoint c) { walk.visit(number, a, b, c); });
  return std::move(walk.mesh);
}

}  // namespace isla::mesh
