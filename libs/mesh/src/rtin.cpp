// SPDX-License-Identifier: MIT
#include "rtin.hpp"

#include "error_bounds.hpp"
#include "flat_blocks.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>

namespace isla::mesh {

namespace {

// A triangle of half a cell (legs of one sample) has no sample but its
// corners: it is never split, nor given an error.
bool smallest(GridPoint a, GridPoint c) { return std::abs(a.x - c.x) + std::abs(a.z - c.z) == 1; }

// Where a triangle's own error is kept: by the midpoint of its long side,
// which it shares with at most one other triangle (of the same depth, on the
// other side of that side), and the side its right angle lies on.
std::size_t ownSlot(const HeightGrid& grid, GridPoint m, GridPoint c) {
  const bool after = c.z > m.z || (c.z == m.z && c.x > m.x);
  return 2 * grid.index(m) + (after ? 1 : 0);
}

// The height halfway along pq against the sample there, where there is one.
double midpointError(const HeightGrid& grid, GridPoint p, GridPoint q) {
  if (((p.x + q.x) | (p.z + q.z)) & 1) return 0;  // coordinates are never negative
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

// The two halves of the square, long side first: NW-SE, as the
// contract splits a cell.
template <class Visit>
void forEachHalf(const HeightGrid& grid, Visit visit) {
  const std::int32_t n = grid.cells();
  visit(GridPoint{0, 0}, GridPoint{n, n}, GridPoint{n, 0});
  visit(GridPoint{n, n}, GridPoint{0, 0}, GridPoint{0, n});
}

class Walk {
 public:
  Walk(const HeightGrid& grid, const RtinErrors& errors, double maxErrorM)
      : grid_(grid), errors_(errors), maxErrorM_(maxErrorM) {}

  void visit(GridPoint a, GridPoint b, GridPoint c) {
    if (coverage(grid_, a, b, c) == Coverage::Outside) return;
    const GridPoint m = midpoint(a, b);
    if (!smallest(a, c) && static_cast<double>(errors_.split[grid_.index(m)]) > maxErrorM_) {
      visit(c, a, m);
      visit(b, c, m);
      return;
    }
    mesh.triangles.push_back({a, b, c});
    if (!smallest(a, c)) {
      // The pass left a bound (negative) where every error asked was settled without measuring.
      const double own = errors_.own[ownSlot(grid_, m, c)];
      mesh.errorM = std::max(mesh.errorM, own >= 0 ? own : ownError(grid_, a, b, c));
    }
  }

  RtinMesh mesh;

 private:
  const HeightGrid& grid_;
  const RtinErrors& errors_;
  double maxErrorM_;
};

// Gives every triangle's own error and every split point's error. Each
// triangle comes with its long side's ends p and q in either order and is
// visited as the bintree has it, (a, b, c) counter-clockwise seen from +Y (a
// triangle's children keep its turn), so that its error is computed from the
// same corner, to the same bits, as before the pass was a lattice.
class ErrorPass {
 public:
  ErrorPass(const HeightGrid& grid, RtinErrors& errors, const std::vector<double>& askedM)
      : grid_(grid), errors_(errors), askedM_(askedM) {}

  void triangle(GridPoint p, GridPoint q, GridPoint c) {
    const bool counterClockwise = std::int64_t{q.x - p.x} * (c.z - p.z) - std::int64_t{q.z - p.z} * (c.x - p.x) < 0;
    if (counterClockwise) visit(p, q, c);
    else visit(q, p, c);
  }

 private:
  void visit(GridPoint a, GridPoint b, GridPoint c) {
    const GridPoint m = midpoint(a, b);
    float error = 0;
    if (!smallest(m, a)) {
      error = std::max(errors_.split[grid_.index(midpoint(c, a))], errors_.split[grid_.index(midpoint(b, c))]);
    }
    switch (coverage(grid_, a, b, c)) {
      case Coverage::Inside: error = std::max(error, ownSplit(a, b, c, error)); break;
      case Coverage::Across: error = std::numeric_limits<float>::infinity(); break;
      case Coverage::Outside: break;
    }
    float& here = errors_.split[grid_.index(m)];
    here = std::max(here, error);
  }

  // The triangle's part of its split error, given its children's
  // (`children`, already settled for every error asked), and its own slot:
  // the measured error where its bounds leave a split open, else minus the
  // upper bound (always above 0, so the sign tells them apart).
  float ownSplit(GridPoint a, GridPoint b, GridPoint c, float children) {
    const GridPoint m = midpoint(a, b);
    double& own = errors_.own[ownSlot(grid_, m, c)];
    if (std::abs(a.x - b.x) <= 2 && std::abs(a.z - b.z) <= 2) {
      // ownError's closed form, from what is known: a long side along an
      // axis has legs of one diagonal step (no sample at their midpoints); a
      // diagonal one has legs that are its children's long sides, whose
      // midpoint errors are their own errors, measured just before.
      own = midpointError(grid_, a, b);
      if (a.x != b.x && a.z != b.z) {
        own = std::max({own, errors_.own[ownSlot(grid_, midpoint(c, a), m)],
                        errors_.own[ownSlot(grid_, midpoint(b, c), m)]});
      }
      return roundedUp(own);
    }
    // Over child (c, a, m) the plane of abc leaves the child's plane by at
    // most the error at m (they agree at c and a), so the own error lies
    // between the error at m and that plus the larger child's; the slack
    // covers rounding of the bound against the measurement.
    const double atMidpoint = midpointError(grid_, a, b);
    const double larger = std::max(std::abs(errors_.own[ownSlot(grid_, midpoint(c, a), m)]),
                                   std::abs(errors_.own[ownSlot(grid_, midpoint(b, c), m)]));
    const double upper = withSlack(atMidpoint + larger);
    const float low = roundedUp(atMidpoint), high = roundedUp(upper);
    const bool open = askedM_.empty() || std::any_of(askedM_.begin(), askedM_.end(), [&](double asked) {
      return static_cast<double>(children) <= asked && static_cast<double>(low) <= asked &&
             static_cast<double>(high) > asked;
    });
    if (open) {
      own = ownError(grid_, a, b, c);
      return roundedUp(own);
    }
    own = -upper;
    return low;
  }

  const HeightGrid& grid_;
  RtinErrors& errors_;
  const std::vector<double>& askedM_;
};

// The pass's triangles square by square. The bintree's depths are lattices
// of squares: squares of side s cut by one diagonal (NW-SE where the
// square's column and row have the same parity, as the contract's cells),
// and one depth deeper each such square cut into four triangles around its
// centre, one on each side. Walking the lattices instead of the tree saves
// its descents (a third of the pass).
void aroundCentreOf(ErrorPass& pass, std::int32_t s, std::int32_t x, std::int32_t z) {
  const std::int32_t h = s / 2;
  const GridPoint nw{x, z}, ne{x + s, z}, se{x + s, z + s}, sw{x, z + s}, centre{x + h, z + h};
  pass.triangle(nw, ne, centre);
  pass.triangle(ne, se, centre);
  pass.triangle(se, sw, centre);
  pass.triangle(sw, nw, centre);
}

void diagonalHalvesOf(ErrorPass& pass, std::int32_t s, std::int32_t x, std::int32_t z) {
  const GridPoint nw{x, z}, ne{x + s, z}, se{x + s, z + s}, sw{x, z + s};
  if ((x / s + z / s) % 2 == 0) {
    pass.triangle(nw, se, ne);
    pass.triangle(nw, se, sw);
  } else {
    pass.triangle(ne, sw, nw);
    pass.triangle(ne, sw, se);
  }
}

// Every square of side s in [x0, x1) x [z0, z1) that `skip` leaves.
template <class Square, class Skip>
void forEachSquare(std::int32_t s, std::int32_t x0, std::int32_t z0, std::int32_t x1, std::int32_t z1, Square square,
                   Skip skip) {
  for (std::int32_t z = z0; z < z1; z += s) {
    for (std::int32_t x = x0; x < x1; x += s) {
      if (!skip(x, z)) square(s, x, z);
    }
  }
}

}  // namespace

// Depth by depth from the deepest, so that the split points a parent takes
// its children's errors from are complete, whichever side of them they lie
// on; blocks flat within the smallest asked error skip the depths up to
// theirs unless a split reaches them (see FlatBlocks). Squares wholly on
// the padding are left out: their triangles are all outside the rectangle,
// and what they would write is at most what the triangles inside write on
// the rectangle's side, so the split errors the walk reads are the same.
// A thin rectangle (a seam's piece) then costs its own samples, not the
// power-of-two square around it.
RtinErrors rtinErrors(const HeightGrid& grid, const std::vector<double>& askedM) {
  const std::int32_t endX = grid.width() - 1, endZ = grid.depth() - 1;
  RtinErrors errors{std::vector<float>(grid.samples(), 0.0f), std::vector<double>(2 * grid.samples(), 0.0)};
  ErrorPass pass(grid, errors, askedM);
  FlatBlocks flat(grid, askedM);
  const auto aroundCentre = [&](std::int32_t s, std::int32_t x, std::int32_t z) { aroundCentreOf(pass, s, x, z); };
  const auto diagonalHalves = [&](std::int32_t s, std::int32_t x, std::int32_t z) { diagonalHalvesOf(pass, s, x, z); };
  const auto cold = [&](std::int32_t x, std::int32_t z) { return flat.cold(x, z); };
  const auto none = [](std::int32_t, std::int32_t) { return false; };
  const std::int32_t side = FlatBlocks::kSide;
  // A block turned hot at depth s: every depth it skipped, in the pass's order.
  const auto catchUp = [&](std::int32_t s, std::int32_t x0, std::int32_t z0) {
    for (std::int32_t t = 2; t < s; t *= 2) {
      forEachSquare(t, x0, z0, x0 + side, z0 + side, aroundCentre, none);
      forEachSquare(t, x0, z0, x0 + side, z0 + side, diagonalHalves, none);
    }
    forEachSquare(s, x0, z0, x0 + side, z0 + side, aroundCentre, none);
  };
  // A block still cold at its own depth: its two halves are kept whole by
  // every mesh at an asked error, their split error an upper bound, their
  // own errors a bound for the walk to measure.
  const auto settle = [&](std::int32_t x0, std::int32_t z0, double rangeM, double sideErrorM) {
    const std::size_t centre = grid.index({x0 + side / 2, z0 + side / 2});
    const double upper = withSlack(rangeM);
    errors.split[centre] = std::max({errors.split[centre], roundedUp(upper), static_cast<float>(sideErrorM)});
    errors.own[2 * centre] = errors.own[2 * centre + 1] = -upper;
  };
  for (std::int32_t s = 2; s <= grid.cells(); s *= 2) {
    if (s > side) {
      forEachSquare(s, 0, 0, endX, endZ, aroundCentre, none);
      forEachSquare(s, 0, 0, endX, endZ, diagonalHalves, none);
      continue;
    }
    forEachSquare(s, 0, 0, endX, endZ, aroundCentre, cold);
    flat.heat(s, errors.split, [&](std::int32_t x0, std::int32_t z0) { catchUp(s, x0, z0); });
    if (s == side) flat.settle(errors.split, settle);
    forEachSquare(s, 0, 0, endX, endZ, diagonalHalves, cold);
  }
  return errors;
}

RtinMesh rtinMesh(const HeightGrid& grid, const RtinErrors& errors, double maxErrorM) {
  Walk walk(grid, errors, maxErrorM);
  forEachHalf(grid, [&](GridPoint a, GridPoint b, GridPoint c) { walk.visit(a, b, c); });
  return std::move(walk.mesh);
}

}  // namespace isla::mesh
