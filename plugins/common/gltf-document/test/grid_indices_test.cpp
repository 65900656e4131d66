// SPDX-License-Identifier: MIT
// The grid's closed-form indices (gridParts, appendGridIndices) are the
// TerrainMesher's own triangles at error 0: as triangles the same indices
// in the same order, as strips the same triangles with the same turn; their
// parts are bands of whole rows that 16-bit indices reach.
#include <boost/test/unit_test.hpp>

#include <isla/mesh/terrain_mesher.hpp>

#include <algorithm>
#include <array>
#include <cstring>
#include <set>
#include <vector>

#include "grid_indices.hpp"

namespace {

using isla_gltf::GridMode;
using Triangle = std::array<std::uint32_t, 3>;

// The mesher's contract grid of width x depth samples: its indices.
std::vector<std::uint32_t> contractIndices(std::int32_t width, std::int32_t depth) {
  const isla::SampleRect rect{0, 0, width - 1, depth - 1};
  const isla::TerrainMesher mesher(rect, std::vector<float>(std::size_t(width) * std::size_t(depth), 0.0f), 1.0, {0});
  return mesher.mesh({}).indices;
}

// Every part's stored indices, made absolute again; `mode`'s triangles.
std::vector<Triangle> decodedTriangles(std::int32_t sampleWidth, std::int32_t sampleDepth, GridMode mode) {
  const auto width = static_cast<std::uint64_t>(sampleWidth), depth = static_cast<std::uint64_t>(sampleDepth);
  std::vector<Triangle> triangles;
  std::uint64_t nextIndex = 0, nextRow = 0;
  for (const isla_gltf::IndexPart& part : isla_gltf::gridParts(width, depth, mode)) {
    BOOST_TEST(part.firstIndex == nextIndex);
    BOOST_TEST(part.firstVertex == nextRow * width);  // whole rows, the last row of the one before shared
    BOOST_TEST(part.vertexCount % width == 0U);
    if (part.shortIndices) BOOST_TEST(part.vertexCount <= 65535U);
    nextIndex += part.indexCount;
    nextRow += part.vertexCount / width - 1;
    std::vector<std::byte> bytes;
    isla_gltf::appendGridIndices(bytes, width, part, mode);
    BOOST_TEST_REQUIRE(bytes.size() == part.bytes());
    std::vector<std::uint32_t> indices(part.indexCount);
    for (std::size_t i = 0; i < indices.size(); ++i) {
      std::uint32_t value = 0;
      if (part.shortIndices) {
        std::uint16_t stored = 0;
        std::memcpy(&stored, bytes.data() + 2 * i, 2);
        value = stored;
      } else {
        std::memcpy(&value, bytes.data() + 4 * i, 4);
      }
      indices[i] = value + static_cast<std::uint32_t>(part.firstVertex);
    }
    if (mode == GridMode::Triangles) {
      for (std::size_t i = 0; i + 2 < indices.size(); i += 3) {
        triangles.push_back({indices[i], indices[i + 1], indices[i + 2]});
      }
      continue;
    }
    // glTF's strip order: every other triangle has its first two swapped; degenerate ones join the rows.
    for (std::size_t i = 0; i + 2 < indices.size(); ++i) {
      Triangle t{indices[i], indices[i + 1], indices[i + 2]};
      if (i % 2 == 1) std::swap(t[0], t[1]);
      if (t[0] != t[1] && t[1] != t[2] && t[0] != t[2]) triangles.push_back(t);
    }
  }
  BOOST_TEST(nextRow == depth - 1);
  return triangles;
}

// A triangle from its smallest index, its turn kept.
Triangle fromSmallest(Triangle t) {
  std::rotate(t.begin(), std::min_element(t.begin(), t.end()), t.end());
  return t;
}

struct Size {
  std::int32_t width, depth;
};
// One part; the chunk's default (257: two parts of 254 and 2 rows); a width
// that cuts rows unevenly.
const Size kSizes[] = {{2, 2}, {3, 5}, {257, 257}, {300, 700}};

}  // namespace

BOOST_AUTO_TEST_SUITE(gltf_grid_indices)

BOOST_AUTO_TEST_CASE(triangles_are_the_meshers_indices_in_its_order) {
  for (const Size size : kSizes) {
    BOOST_TEST_CONTEXT(size.width << " x " << size.depth) {
      const std::vector<std::uint32_t> expected = contractIndices(size.width, size.depth);
      std::vector<std::uint32_t> got;
      for (const Triangle& t : decodedTriangles(size.width, size.depth, GridMode::Triangles)) {
        got.insert(got.end(), t.begin(), t.end());
      }
      BOOST_TEST(got == expected, boost::test_tools::per_element());
    }
  }
}

BOOST_AUTO_TEST_CASE(strips_are_the_meshers_triangles_with_their_turn) {
  for (const Size size : kSizes) {
    BOOST_TEST_CONTEXT(size.width << " x " << size.depth) {
      const std::vector<std::uint32_t> indices = contractIndices(size.width, size.depth);
      std::set<Triangle> expected;
      for (std::size_t i = 0; i < indices.size(); i += 3) {
        expected.insert(fromSmallest({indices[i], indices[i + 1], indices[i + 2]}));
      }
      const std::vector<Triangle> strips = decodedTriangles(size.width, size.depth, GridMode::Strip);
      std::set<Triangle> got;
      for (const Triangle& t : strips) got.insert(fromSmallest(t));
      BOOST_TEST(strips.size() == expected.size());
      BOOST_TEST((got == expected));
    }
  }
}

BOOST_AUTO_TEST_CASE(a_band_of_rows_is_as_many_as_16_bit_indices_reach) {
  for (const GridMode mode : {GridMode::Triangles, GridMode::Strip}) {
    const auto parts = isla_gltf::gridParts(257, 257, mode);
    BOOST_TEST_REQUIRE(parts.size() == 2U);
    BOOST_TEST(parts[0].vertexCount == 255U * 257U);  // 254 rows of cells: 65 535 vertices, 0 to 65 534
    BOOST_TEST(parts[1].vertexCount == 3U * 257U);
    BOOST_TEST(parts[0].shortIndices);
    // Past 16-bit reach for a band of two rows: one part of 32-bit indices, its last the grid's last vertex.
    const auto wide = isla_gltf::gridParts(32768, 3, mode);
    BOOST_TEST_REQUIRE(wide.size() == 1U);
    BOOST_TEST(!wide[0].shortIndices);
    std::vector<std::byte> bytes;
    isla_gltf::appendGridIndices(bytes, 32768, wide[0], mode);
    BOOST_TEST_REQUIRE(bytes.size() == wide[0].indexCount * 4);
    std::uint32_t last = 0;
    std::memcpy(&last, bytes.data() + bytes.size() - 4, 4);
    BOOST_TEST(last == (mode == GridMode::Triangles ? 3U * 32768 - 1 : 2U * 32768 - 1));
  }
}

BOOST_AUTO_TEST_SUITE_END()
