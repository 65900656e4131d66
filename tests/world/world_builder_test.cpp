// SPDX-License-Identifier: MIT
// The World's promises, checked numerically: the lattice, strips and
// corners that meet their neighbours exactly, canonical edges, the NW-SE
// height query, and report figures recomputed naively from the heights as
// JSON reads them back.
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <cmath>
#include <numbers>

#include <isla/base/fourcc.hpp>
#include <isla/json/json_text.hpp>

#include "sample_blueprint.hpp"
#include "world_fixture.hpp"
#include "written_number.hpp"

using namespace isla;
using namespace isla::test;

namespace {

// Heights of patch `p` along its side `side`, in increasing X or Z.
std::vector<float> sideOf(const std::vector<std::vector<float>>& h, Side side) {
  std::vector<float> out;
  switch (side) {
    case Side::North: return h.front();
    case Side::South: return h.back();
    case Side::West: for (const auto& row : h) out.push_back(row.front()); return out;
    case Side::East: for (const auto& row : h) out.push_back(row.back()); return out;
  }
  return out;
}

double norm(const Normal& n) { return std::sqrt(n.x * n.x + n.y * n.y + n.z * n.z); }

struct Naive {
  double low = INFINITY, high = -INFINITY, slope = 0, overshoot = 0;
};

// Every figure from every sample as a JSON reader gets it.
Naive naiveStats(const World& world, std::size_t index) {
  const Patch& patch = world.patches[index];
  const auto h = patchHeights(world, index);
  const double s = world.settings.spacingM;
  Naive out;
  auto j = [&](std::size_t x, std::size_t z) { return jsonFloat(h[z][x]); };
  const std::size_t nx = static_cast<std::size_t>(patch.pointsX), nz = static_cast<std::size_t>(patch.pointsZ);
  for (std::size_t z = 0; z < nz; ++z) {
    for (std::size_t x = 0; x < nx; ++x) {
      out.low = std::min(out.low, j(x, z));
      out.high = std::max(out.high, j(x, z));
      if (patch.kind == PatchKind::Source) continue;
      double a, b;
      if (patch.kind == PatchKind::Corner) {
        a = std::min({j(0, 0), j(nx - 1, 0), j(0, nz - 1), j(nx - 1, nz - 1)});
        b = std::max({j(0, 0), j(nx - 1, 0), j(0, nz - 1), j(nx - 1, nz - 1)});
      } else if (patch.latticeRow % 2 == 0) {  // vertical strip: rows across x
        a = std::min(j(0, z), j(nx - 1, z)), b = std::max(j(0, z), j(nx - 1, z));
      } else {
        a = std::min(j(x, 0), j(x, nz - 1)), b = std::max(j(x, 0), j(x, nz - 1));
      }
      out.overshoot = std::max({out.overshoot, a - j(x, z), j(x, z) - b});
    }
  }
  for (std::size_t z = 0; z + 1 < nz; ++z) {
    for (std::size_t x = 0; x + 1 < nx; ++x) {
      const double nw = j(x, z), ne = j(x + 1, z), sw = j(x, z + 1), se = j(x + 1, z + 1);
      auto gradient = [&](double du, double dv) { return std::sqrt(du * du + dv * dv) / s; };
      const double upper = gradient(ne - nw, se - ne), lower = gradient(se - sw, sw - nw);
      out.slope = std::max({out.slope, upper, lower});
    }
  }
  out.slope = std::atan(out.slope) * 180 / std::numbers::pi;
  return out;
}

const std::vector<WorldSpec> kShapes{{1, 1}, {2, 1}, {1, 2}, {2, 2}, {3, 2}};

// The contract's height at sample coordinates (u east, v south) of a patch
// whose rows are `heights`: the cell's NW-SE triangle, as
// TERRAIN_WORLD_V1.md writes it.
double nwSeHeight(const std::vector<std::vector<float>>& heights, double u, double v) {
  const auto x = static_cast<std::size_t>(std::min(std::floor(u), static_cast<double>(heights[0].size() - 2)));
  const auto z = static_cast<std::size_t>(std::min(std::floor(v), static_cast<double>(heights.size() - 2)));
  const double fu = u - static_cast<double>(x), fv = v - static_cast<double>(z);
  const double nw = asWritten(heights[z][x]), ne = asWritten(heights[z][x + 1]);
  const double sw = asWritten(heights[z + 1][x]), se = asWritten(heights[z + 1][x + 1]);
  return fv <= fu ? nw + fu * (ne - nw) + fv * (se - ne) : nw + fv * (sw - nw) + fu * (se - sw);
}

}  // namespace

BOOST_AUTO_TEST_SUITE(world_builder)

// (A loop, not a data test case: GCC 12 warns inside Boost's xrange under
// the sanitizers.)
void checkLattice(const WorldSpec& spec) {
  const World world = buildTestWorld(spec);
  const std::int32_t lr = 2 * spec.rows - 1, lc = 2 * spec.cols - 1;
  BOOST_TEST(world.patches.size() == static_cast<std::size_t>(lr * lc));
  // Every pair of lattice neighbours shares one edge.
  BOOST_TEST(world.edges.size() == static_cast<std::size_t>(lr * (lc - 1) + lc * (lr - 1)));
  const std::int64_t step = spec.mapSize - 1 + spec.gapCells;
  for (const Patch& p : world.patches) {
    const bool oddRow = p.latticeRow % 2, oddCol = p.latticeCol % 2;
    BOOST_TEST(p.id == "p-" + std::to_string(p.latticeRow) + "-" + std::to_string(p.latticeCol));
    BOOST_TEST((p.kind == PatchKind::Corner) == (oddRow && oddCol));
    BOOST_TEST((p.kind == PatchKind::Source) == (!oddRow && !oddCol));
    BOOST_TEST(p.source.has_value() == (p.kind == PatchKind::Source));
    BOOST_TEST(p.pointsX == (oddCol ? spec.gapCells + 1 : spec.mapSize));
    BOOST_TEST(p.pointsZ == (oddRow ? spec.gapCells + 1 : spec.mapSize));
    BOOST_TEST(p.originX == static_cast<double>(p.latticeCol / 2 * step + (oddCol ? spec.mapSize - 1 : 0)));
    BOOST_TEST(p.originZ == static_cast<double>(p.latticeRow / 2 * step + (oddRow ? spec.mapSize - 1 : 0)));
    for (const Side side : kSides) {
      const auto neighbour = p.neighbours[static_cast<std::size_t>(side)];
      BOOST_TEST(neighbour.has_value() == p.edges[static_cast<std::size_t>(side)].has_value());
      if (!neighbour) continue;
      const Patch& q = world.patches[*neighbour];
      const auto back = static_cast<std::size_t>((static_cast<int>(side) + 2) % 4);
      const auto self = static_cast<std::size_t>(world.patch(p.latticeRow, p.latticeCol) - world.patches.data());
      BOOST_TEST((q.neighbours[back] == self));
      BOOST_TEST((q.edges[back] == p.edges[static_cast<std::size_t>(side)]));
    }
  }
  for (const WorldSource& source : world.sources) {
    const Patch& p = world.patches[source.patch];
    BOOST_TEST(p.latticeRow == 2 * source.row);
    BOOST_TEST(p.latticeCol == 2 * source.col);
  }
}

BOOST_AUTO_TEST_CASE(the_lattice_has_sources_strips_and_corners_in_place) {
  for (const WorldSpec& spec : kShapes) {
    BOOST_TEST_CONTEXT(spec.rows << " x " << spec.cols) { checkLattice(spec); }
  }
}

BOOST_AUTO_TEST_CASE(a_source_patch_is_its_heights_in_metres_z_outer) {
  const World world = buildTestWorld({1, 1, 256});
  const auto h = patchHeights(world, 0);
  const Raster& grid = world.sources[0].heights();
  for (std::int64_t z = 0; z < 256; z += 37) {
    for (std::int64_t x = 0; x < 256; x += 11) {
      BOOST_TEST(h[static_cast<std::size_t>(z)][static_cast<std::size_t>(x)] ==
                 static_cast<float>(static_cast<double>(grid.at<float>(x, z)) * 251.0));
    }
  }
}

BOOST_AUTO_TEST_CASE(edges_are_both_members_samples_with_unit_upward_normals) {
  const World world = buildTestWorld({3, 2});
  for (const Edge& edge : world.edges) {
    BOOST_TEST_CONTEXT(edge.id) {
      for (const EdgeMember& member : edge.members) {
        const auto h = patchHeights(world, member.patch);
        BOOST_TEST(sideOf(h, member.side) == edge.heights, boost::test_tools::per_element());
      }
      BOOST_TEST(edge.normals.size() == edge.heights.size());
      for (const Normal& n : edge.normals) {
        BOOST_TEST(std::abs(norm(n) - 1) < 1e-12);
        BOOST_TEST(n.y > 0);
      }
      const Patch& first = world.patches[edge.members[0].patch];
      const double s = world.settings.spacingM;
      BOOST_TEST(edge.originX == (edge.axis == Axis::Z ? first.maxX(s) : first.originX));
      BOOST_TEST(edge.originZ == (edge.axis == Axis::X ? first.maxZ(s) : first.originZ));
      BOOST_TEST((world.patches[edge.owner].kind != PatchKind::Corner));
    }
  }
}

BOOST_AUTO_TEST_CASE(edges_through_one_vertex_carry_one_height_and_one_normal) {
  const World world = buildTestWorld({2, 2});
  std::map<std::pair<double, double>, std::vector<std::pair<float, Normal>>> atVertex;
  for (const Edge& edge : world.edges) {
    for (const std::size_t i : {std::size_t{0}, edge.heights.size() - 1}) {
      const double along = static_cast<double>(i) * world.settings.spacingM;
      const auto key = edge.axis == Axis::X ? std::pair{edge.originX + along, edge.originZ}
                                            : std::pair{edge.originX, edge.originZ + along};
      atVertex[key].push_back({edge.heights[i], edge.normals[i]});
    }
  }
  std::size_t shared = 0;
  for (const auto& [vertex, values] : atVertex) {
    if (values.size() < 2) continue;
    ++shared;
    for (const auto& [height, normal] : values) {
      BOOST_TEST(height == values.front().first);
      BOOST_TEST(normal.x == values.front().second.x);
      BOOST_TEST(normal.y == values.front().second.y);
      BOOST_TEST(normal.z == values.front().second.z);
    }
  }
  BOOST_TEST(shared == 4u);  // the four corners of the corner patch
}

// Cubic Hermite with matching end slopes reproduces a plane, and so does
// the Coons patch of planar boundaries: a plane across four sources stays
// that plane in every strip and corner, and every normal is the plane's.
BOOST_AUTO_TEST_CASE(a_plane_across_the_sources_stays_a_plane) {
  WorldSpec spec{2, 2, 256, 16};
  spec.plane = true;
  const World world = buildTestWorld(spec);
  const Normal expected = [] {
    const double length = std::sqrt(kPlaneSlopeX * kPlaneSlopeX + 1 + kPlaneSlopeZ * kPlaneSlopeZ);
    return Normal{-kPlaneSlopeX / length, 1 / length, -kPlaneSlopeZ / length};
  }();
  for (std::size_t i = 0; i < world.patches.size(); ++i) {
    const Patch& p = world.patches[i];
    const auto h = patchHeights(world, i);
    for (std::size_t z = 0; z < h.size(); ++z) {
      for (std::size_t x = 0; x < h[z].size(); x += 5) {
        const double plane = planeHeight(p.originX + static_cast<double>(x), p.originZ + static_cast<double>(z));
        BOOST_TEST(std::abs(h[z][x] - plane) < 1e-3, p.id << " (" << x << ", " << z << ")");
      }
    }
  }
  for (const Edge& edge : world.edges) {
    for (const Normal& n : edge.normals) {
      BOOST_TEST(std::abs(n.x - expected.x) < 1e-4);  // float32 heights
      BOOST_TEST(std::abs(n.z - expected.z) < 1e-4);
    }
  }
  for (const PatchStats& stats : world.stats) BOOST_TEST(stats.overshootM < 1e-3);
}

BOOST_AUTO_TEST_CASE(a_height_on_a_shared_edge_is_the_same_from_either_member) {
  const World world = buildTestWorld({2, 2});
  for (const Edge& edge : world.edges) {
    for (double t = 0; t < static_cast<double>(edge.heights.size() - 1); t += 0.37) {
      const double x = edge.originX + (edge.axis == Axis::X ? t : 0);
      const double z = edge.originZ + (edge.axis == Axis::Z ? t : 0);
      BOOST_TEST(sampleHeight(world, edge.members[0].patch, x, z) ==
                 sampleHeight(world, edge.members[1].patch, x, z));
    }
  }
}

BOOST_AUTO_TEST_CASE(the_height_query_is_the_nw_se_triangle_rule) {
  const World world = buildTestWorld({1, 1});
  const auto h = patchHeights(world, 0);
  const double nw = jsonFloat(h[10][20]), ne = jsonFloat(h[10][21]), sw = jsonFloat(h[11][20]),
               se = jsonFloat(h[11][21]);
  BOOST_TEST(sampleHeight(world, 0, 20.75, 10.25) == nw + 0.75 * (ne - nw) + 0.25 * (se - ne));
  BOOST_TEST(sampleHeight(world, 0, 20.25, 10.75) == nw + 0.75 * (sw - nw) + 0.25 * (se - sw));
  BOOST_TEST(sampleHeight(world, 0, 20, 10) == nw);
  BOOST_TEST(sampleHeight(world, 0, -5, -5) == jsonFloat(h[0][0]));  // clamped to the patch
}

BOOST_AUTO_TEST_CASE(report_figures_equal_a_naive_recomputation) {
  const World world = buildTestWorld({2, 2});
  for (std::size_t i = 0; i < world.patches.size(); ++i) {
    BOOST_TEST_CONTEXT(world.patches[i].id) {
      const Naive naive = naiveStats(world, i);
      BOOST_TEST(world.stats[i].minHeightM == naive.low);
      BOOST_TEST(world.stats[i].maxHeightM == naive.high);
      BOOST_TEST(world.stats[i].maxSlopeDeg == naive.slope);
      BOOST_TEST(world.stats[i].overshootM == naive.overshoot);
      if (world.patches[i].kind == PatchKind::Source) BOOST_TEST(world.stats[i].overshootM == 0);
    }
  }
}

BOOST_AUTO_TEST_CASE(the_world_does_not_depend_on_the_thread_count) {
  const World one = buildTestWorld({2, 2, 256, 8, 1});
  const World two = buildTestWorld({2, 2, 256, 8, 2});
  for (std::size_t i = 0; i < one.patches.size(); ++i) {
    BOOST_TEST(one.stats[i].maxSlopeDeg == two.stats[i].maxSlopeDeg);
    BOOST_TEST(one.stats[i].overshootM == two.stats[i].overshootM);
    BOOST_TEST(patchHeights(one, i) == patchHeights(two, i));
  }
  for (std::size_t i = 0; i < one.edges.size(); ++i) {
    BOOST_TEST(one.edges[i].heights == two.edges[i].heights, boost::test_tools::per_element());
  }
}

BOOST_AUTO_TEST_CASE(water_regions_and_scenery_come_from_each_source) {
  const World world = buildTestWorld({1, 2});
  BOOST_TEST(world.waterRegions.size() == 4u);  // the sample's ocean and lake, twice
  const WaterRegion& ocean = world.waterRegions[0];
  BOOST_TEST(ocean.id == "s00:water:1");
  BOOST_TEST(ocean.kind == "ocean");
  BOOST_TEST(ocean.levelM == static_cast<double>(0.15f) * 251.0);
  const WaterRegion& east = world.waterRegions[2];
  BOOST_TEST(east.patch == 2u);
  BOOST_TEST(east.minX >= world.patches[2].originX);
  BOOST_TEST(east.maxX <= world.patches[2].maxX(1.0));

  const Scenery& scenery = world.scenery[1];
  BOOST_TEST(!scenery.entities.empty());
  const SceneryEntity& town = scenery.entities[0];
  BOOST_TEST(town.id == "s01:entity:town-0");
  BOOST_TEST(town.sourceEntityId == "town-0");
  // Each town at its pixel, at the height TERRAIN_WORLD_V1.md's NW-SE
  // triangles give there, computed here from the patch's samples.
  const Patch& patch = world.patches[2];
  const auto heights = patchHeights(world, 2);
  const auto towns = makeSample().towns;
  BOOST_TEST_REQUIRE(scenery.entities.size() >= towns.size());
  for (std::size_t i = 0; i < towns.size(); ++i) {
    const auto& position = scenery.entities[i].position;
    BOOST_TEST(position[0] == patch.originX + towns[i].x * world.settings.spacingM);
    BOOST_TEST(position[2] == patch.originZ + towns[i].y * world.settings.spacingM);
    BOOST_TEST(position[1] == nwSeHeight(heights, towns[i].x, towns[i].y), boost::test_tools::tolerance(1e-9));
  }
  BOOST_TEST(scenery.assets.at(town.assetId).resolution == "unresolved");
  BOOST_TEST(!scenery.assets.at(town.assetId).category.has_value());
  BOOST_TEST(!scenery.roads.empty());
  BOOST_TEST(scenery.roads[0].id.starts_with("s01:entity:road-"));
}

BOOST_AUTO_TEST_SUITE_END()
