// SPDX-License-Identifier: MIT
// appendRowNormals is vertexNormal a row at a time: the same bits for every
// sample of every patch (sources, strips and corners, with their canonical
// edge normals), whole rows and ranges that start or end inside the row.
#include <boost/test/unit_test.hpp>

#include <isla/world/vertex_normal.hpp>

#include <algorithm>

#include "world_fixture.hpp"

namespace {

using namespace isla;
using namespace isla::test;

std::array<float, 3> asFloats(const Normal& n) {
  return {static_cast<float>(n.x), static_cast<float>(n.y), static_cast<float>(n.z)};
}

}  // namespace

BOOST_AUTO_TEST_SUITE(vertex_normals)

BOOST_AUTO_TEST_CASE(a_row_at_a_time_gives_each_samples_bits) {
  const World world = buildTestWorld({.rows = 2, .cols = 2, .mapSize = 256});
  std::size_t checked = 0;
  for (std::size_t p = 0; p < world.patches.size(); ++p) {
    const Patch& patch = world.patches[p];
    const auto heights = patchHeights(world, p);
    const std::int32_t last = patch.pointsX - 1;
    for (std::int32_t z = 0; z < patch.pointsZ; ++z) {
      const RowsAround rows{heights[static_cast<std::size_t>(std::max(z - 1, 0))],
                            heights[static_cast<std::size_t>(z)],
                            heights[static_cast<std::size_t>(std::min(z + 1, patch.pointsZ - 1))]};
      for (const auto& [x0, x1] : {std::pair{0, last}, std::pair{0, 0}, std::pair{1, last - 1},
                                   std::pair{last / 2, last}, std::pair{last, last}}) {
        std::vector<std::array<float, 3>> normals{{9, 9, 9}};  // appended after what is there
        appendRowNormals(world, patch, z, x0, x1, rows, normals);
        BOOST_TEST_REQUIRE(normals.size() == static_cast<std::size_t>(x1 - x0 + 2));
        for (std::int32_t x = x0; x <= x1; ++x) {
          if (normals[static_cast<std::size_t>(x - x0 + 1)] != asFloats(vertexNormal(world, patch, x, z, rows))) {
            BOOST_FAIL(patch.id << " normal at " << x << "," << z << " of the row " << x0 << " to " << x1);
          }
          ++checked;
        }
      }
    }
  }
  BOOST_TEST(checked > 0U);
}

BOOST_AUTO_TEST_SUITE_END()
