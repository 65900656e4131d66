// SPDX-License-Identifier: MIT
#include <boost/test/unit_test.hpp>

#include <cmath>
#include <cstdint>
#include <functional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include <isla/mesh/terrain_mesher.hpp>

#include "mesh_geometry.hpp"

namespace isla::test {
namespace {

constexpr double kSpacing = 2.0;

// `ground(x, z)` in metres at every sample, row by row, plus up to `noiseM` of noise.
std::vector<float> noisyHeights(std::int32_t width, std::int32_t depth, std::uint32_t seed, double noiseM,
                                const std::function<double(std::int32_t, std::int32_t)>& ground) {
  std::vector<float> heights;
  std::uint32_t noise = seed;
  for (std::int32_t z = 0; z < depth; ++z) {
    for (std::int32_t x = 0; x < width; ++x) {
      noise = noise * 1664525U + 1013904223U;
      heights.push_back(static_cast<float>(ground(x, z) + (noise >> 8) * noiseM / (1U << 24)));
    }
  }
  return heights;
}

// Rolling hills, a crater with walls of 60 m over a few cells and a little
// noise: steep where a 3D error would hide a large vertical one.
std::vector<float> roughHeights(std::int32_t width, std::int32_t depth) {
  return noisyHeights(width, depth, 12345, 0.5, [&](std::int32_t x, std::int32_t z) {
    const double r = std::hypot(x - width * 0.4, z - depth * 0.6);
    const double crater = 60 / (1 + std::exp((r - width * 0.2) * 1.5));
    return 30 * std::sin(x * 0.05) * std::cos(z * 0.037) + crater;
  });
}

// A flat sea floor, a beach sloping up to the east and a plateau, a few
// centimetres rough, with steps between them: most blocks of the error pass
// lie within a tenth of a metre of a plane, and those beside a step do not,
// nor do the sides of their neighbours.
std::vector<float> shelvedHeights(std::int32_t width, std::int32_t depth) {
  return noisyHeights(width, depth, 54321, 0.04, [&](std::int32_t x, std::int32_t z) {
    if (x + z < width / 2) return -20.0;
    if (std::hypot(x - width / 2, z - depth / 2) < width / 4) return 35.0;
    return 1.5 + 0.3 * x;
  });
}

std::string messageOf(const std::function<void()>& work) {
  try {
    work();
  } catch (const std::invalid_argument& error) {
    return error.what();
  }
  return "no error";
}

BOOST_AUTO_TEST_CASE(error_0_is_the_contracts_grid_row_by_row) {
  const SampleRect rect{10, 20, 13, 22};  // 4 x 3 samples
  const std::vector<float> heights = roughHeights(4, 3);
  const TerrainMesh mesh = TerrainMesher(rect, heights, kSpacing).mesh({});
  BOOST_TEST(mesh.vertexCount() == 12U);
  BOOST_TEST(mesh.surfaceVertices == 12U);
  for (std::uint32_t v = 0; v < 12; ++v) {
    BOOST_TEST(mesh.samples[v][0] == 10 + static_cast<std::int32_t>(v % 4));
    BOOST_TEST(mesh.samples[v][1] == 20 + static_cast<std::int32_t>(v / 4));
    BOOST_TEST(mesh.positions[3 * v + 1] == heights[v]);
  }
  std::vector<std::uint32_t> cells;
  for (std::uint32_t z = 1; z < 3; ++z) {
    for (std::uint32_t x = 1; x < 4; ++x) {
      const std::uint32_t nw = (z - 1) * 4 + x - 1, ne = nw + 1, sw = nw + 4, se = sw + 1;
      cells.insert(cells.end(), {nw, se, ne, nw, sw, se});
    }
  }
  BOOST_TEST(mesh.indices == cells, boost::test_tools::per_element());
  BOOST_TEST(mesh.surfaceIndices == mesh.indices.size());
  BOOST_TEST(mesh.errorM == 0);
}

// For an exporter that writes the grid as strips: the same vertices and skirts, no surface triangles.
BOOST_AUTO_TEST_CASE(error_0_without_its_triangles_keeps_the_vertices_and_the_skirts) {
  const SampleRect rect{10, 20, 14, 23};
  const TerrainMesher mesher(rect, roughHeights(5, 4), kSpacing);
  const TerrainMesh full = mesher.mesh({.maxErrorM = 0, .skirtM = 2});
  const TerrainMesh bare = mesher.mesh({.maxErrorM = 0, .skirtM = 2, .gridTriangles = false});
  BOOST_TEST((bare.samples == full.samples));
  BOOST_TEST(bare.positions == full.positions, boost::test_tools::per_element());
  BOOST_TEST(bare.surfaceVertices == full.surfaceVertices);
  BOOST_TEST(bare.surfaceIndices == 0U);
  const std::vector<std::uint32_t> skirts(full.indices.begin() + static_cast<std::ptrdiff_t>(full.surfaceIndices),
                                          full.indices.end());
  BOOST_TEST(!skirts.empty());
  BOOST_TEST(bare.indices == skirts, boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(every_mesh_is_within_its_error_at_every_sample_and_covers_its_rectangle) {
  for (const SampleRect& rect : {SampleRect{0, 0, 256, 256}, SampleRect{7, 3, 206, 133}, SampleRect{0, 0, 1, 299},
                                 SampleRect{5, 5, 69, 6}, SampleRect{0, 0, 1, 1}}) {
    const std::vector<float> heights = roughHeights(rect.width(), rect.depth());
    const TerrainMesher mesher(rect, heights, kSpacing);
    std::size_t previous = SIZE_MAX;
    for (const double error : {0.0, 0.05, 0.25, 1.0, 4.0, 16.0, 1000.0}) {
      BOOST_TEST_CONTEXT(rect.width() << " x " << rect.depth() << " at " << error << " m") {
        const TerrainMesh mesh = mesher.mesh({.maxErrorM = error});
        const SurfaceCheck check = checkSurface(mesh, rect, heights, kSpacing);
        BOOST_TEST(mesh.askedErrorM == error);
        BOOST_TEST(mesh.errorM <= error);
        BOOST_TEST(std::abs(check.errorM - mesh.errorM) <= 1e-9);
        BOOST_TEST(check.uncovered == 0U);
        BOOST_TEST(check.facingDown == 0U);
        BOOST_TEST(check.misplaced == 0U);
        BOOST_TEST(check.areaCells == (rect.width() - 1.0) * (rect.depth() - 1.0));
        // Conforming: an edge inside the rectangle has a triangle on either side.
        for (const auto& [edge, uses] : surfaceEdgeUses(mesh)) {
          const auto [a, b] = edge;
          const auto onBorder = [&](std::uint32_t v) {
            const auto [x, z] = mesh.samples[v];
            return std::array<bool, 4>{x == rect.x0, x == rect.x1, z == rect.z0, z == rect.z1};
          };
          const auto sa = onBorder(a), sb = onBorder(b);
          const bool alongBorder = (sa[0] && sb[0]) || (sa[1] && sb[1]) || (sa[2] && sb[2]) || (sa[3] && sb[3]);
          BOOST_TEST(uses == (alongBorder ? 1 : 2));
        }
        BOOST_TEST(mesh.surfaceTriangleCount() <= previous);
        previous = mesh.surfaceTriangleCount();
      }
    }
  }
}

BOOST_AUTO_TEST_CASE(the_levels_need_far_fewer_triangles_than_the_grid) {
  const SampleRect rect{0, 0, 256, 256};
  const TerrainMesher mesher(rect, roughHeights(257, 257), kSpacing);
  const std::size_t grid = mesher.mesh({}).surfaceTriangleCount();
  BOOST_TEST(grid == 2U * 256 * 256);
  BOOST_TEST(mesher.mesh({.maxErrorM = 1}).surfaceTriangleCount() * 4 < grid);
  BOOST_TEST(mesher.mesh({.maxErrorM = 4}).surfaceTriangleCount() * 20 < grid);
}

// Given the errors it will be asked, the error pass measures only the triangles whose bounds leave a split
// open, and skips the blocks flat within the smallest of them: the meshes at those errors, their triangles and
// measured errors, stay those of a mesher that measured every triangle, on rough ground and on flat shelves.
BOOST_AUTO_TEST_CASE(a_mesher_for_its_asked_errors_gives_the_meshes_of_one_for_any) {
  const std::vector<std::vector<double>> askedSets{{0},         {0.1},          {0.1, 0.75},
                                                   {0.03, 0.3}, {0.05, 0.5, 4}, {0.25, 0.5, 1, 2, 4}};
  for (const auto& [rect, heights] : {std::pair(SampleRect{0, 0, 256, 256}, roughHeights(257, 257)),
                                      std::pair(SampleRect{7, 3, 206, 133}, roughHeights(200, 131)),
                                      std::pair(SampleRect{0, 0, 256, 256}, shelvedHeights(257, 257)),
                                      std::pair(SampleRect{7, 3, 206, 133}, shelvedHeights(200, 131))}) {
    const TerrainMesher any(rect, heights, kSpacing);
    for (const std::vector<double>& asked : askedSets) {
      const TerrainMesher limited(rect, heights, kSpacing, asked);
      std::vector<double> errors{0};
      errors.insert(errors.end(), asked.begin(), asked.end());
      for (const double error : errors) {
        BOOST_TEST_CONTEXT(rect.width() << " x " << rect.depth() << " at " << error << " m of " << asked.size()) {
          const TerrainMesh mesh = limited.mesh({.maxErrorM = error, .skirtM = 1});
          const TerrainMesh expected = any.mesh({.maxErrorM = error, .skirtM = 1});
          BOOST_TEST((mesh.samples == expected.samples));
          BOOST_TEST(mesh.positions == expected.positions, boost::test_tools::per_element());
          BOOST_TEST(mesh.indices == expected.indices, boost::test_tools::per_element());
          BOOST_TEST(mesh.errorM == expected.errorM);
        }
      }
    }
  }
}

BOOST_AUTO_TEST_CASE(a_plane_takes_two_triangles_on_a_power_of_two_square) {
  std::vector<float> plane;
  for (std::int32_t z = 0; z < 129; ++z) {
    for (std::int32_t x = 0; x < 129; ++x) plane.push_back(static_cast<float>(10 + 0.25 * x - 0.5 * z));
  }
  const TerrainMesh mesh = TerrainMesher({0, 0, 128, 128}, plane, kSpacing).mesh({.maxErrorM = 0.01});
  BOOST_TEST(mesh.surfaceTriangleCount() == 2U);
  BOOST_TEST(mesh.errorM == 0);
}

BOOST_AUTO_TEST_CASE(skirts_hang_from_every_border_vertex_and_face_out) {
  const SampleRect rect{0, 0, 40, 30};
  const std::vector<float> heights = roughHeights(41, 31);
  const TerrainMesher mesher(rect, heights, kSpacing);
  for (const double error : {0.0, 0.5, 8.0}) {
    const TerrainMesh bare = mesher.mesh({.maxErrorM = error});
    const TerrainMesh mesh = mesher.mesh({.maxErrorM = error, .skirtM = 3.5});
    std::size_t border = 0;
    for (const auto& [x, z] : bare.samples) border += x == rect.x0 || x == rect.x1 || z == rect.z0 || z == rect.z1;
    BOOST_TEST(mesh.surfaceVertices == bare.vertexCount());
    BOOST_TEST(mesh.surfaceIndices == bare.indices.size());
    BOOST_TEST(mesh.vertexCount() == bare.vertexCount() + border);
    // A closed ring of `border` vertices has `border` segments, two triangles each.
    BOOST_TEST(mesh.triangleCount() == bare.triangleCount() + 2 * border);
    for (std::size_t v = mesh.surfaceVertices; v < mesh.vertexCount(); ++v) {
      const auto [x, z] = mesh.samples[v];
      BOOST_TEST(static_cast<double>(mesh.positions[3 * v + 1]) ==
                 static_cast<double>(static_cast<float>(mesher.height(x, z) - 3.5)));
    }
    for (std::size_t i = mesh.surfaceIndices; i < mesh.indices.size(); i += 3) {
      std::array<std::array<double, 3>, 3> p{};
      for (std::size_t k = 0; k < 3; ++k) {
        for (std::size_t c = 0; c < 3; ++c) p[k][c] = mesh.positions[3 * std::size_t{mesh.indices[i + k]} + c];
      }
      const std::array<double, 3> u{p[1][0] - p[0][0], p[1][1] - p[0][1], p[1][2] - p[0][2]};
      const std::array<double, 3> w{p[2][0] - p[0][0], p[2][1] - p[0][1], p[2][2] - p[0][2]};
      const double normalX = u[1] * w[2] - u[2] * w[1], normalZ = u[0] * w[1] - u[1] * w[0];
      const double middleX = (p[0][0] + p[1][0] + p[2][0]) / 3, middleZ = (p[0][2] + p[1][2] + p[2][2]) / 3;
      const double outwardX = middleX - 40 * kSpacing / 2, outwardZ = middleZ - 30 * kSpacing / 2;
      BOOST_TEST(normalX * outwardX + normalZ * outwardZ > 0);
    }
  }
}

BOOST_AUTO_TEST_CASE(a_rectangle_is_read_out_of_the_patch_rows) {
  std::vector<std::vector<float>> rows(6, std::vector<float>(8));
  for (std::size_t z = 0; z < 6; ++z) {
    for (std::size_t x = 0; x < 8; ++x) rows[z][x] = static_cast<float>(10 * z + x);
  }
  const auto row = [&](std::int32_t z) { return std::span<const float>(rows.at(static_cast<std::size_t>(z))); };
  const auto heights = rectHeights({2, 1, 4, 2}, row);
  BOOST_TEST(heights == (std::vector<float>{12, 13, 14, 22, 23, 24}), boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(skirts_are_deep_enough_for_both_errors_and_absent_at_error_0) {
  BOOST_TEST(skirtDepth(0, 0) == 0);
  BOOST_TEST(skirtDepth(0, 4) == 4.01);
  BOOST_TEST(skirtDepth(1, 4) == 5.01);
}

BOOST_AUTO_TEST_CASE(bad_rectangles_and_requests_are_refused_saying_why) {
  BOOST_TEST(messageOf([] { TerrainMesher({0, 0, 0, 4}, std::vector<float>(5), 1); }) ==
             "terrain mesher: a rectangle needs two samples each way, not 1 x 5");
  BOOST_TEST(messageOf([] { TerrainMesher({0, 0, 2, 2}, std::vector<float>(8), 1); }) ==
             "terrain mesher: 8 heights for a rectangle of 3 x 3 samples");
  const TerrainMesher mesher({0, 0, 2, 2}, std::vector<float>(9), 1);
  BOOST_TEST(messageOf([&] { mesher.mesh({.maxErrorM = -1}); }) ==
             "terrain mesher: the maximum error must be a finite number of metres >= 0, not -1");
  BOOST_TEST(messageOf([&] { mesher.mesh({.maxErrorM = 1, .skirtM = NAN}); }) ==
             "terrain mesher: the skirt depth must be a finite number of metres >= 0, not nan");
  BOOST_TEST(messageOf([] { TerrainMesher({0, 0, 2, 2}, std::vector<float>(9), 1, {0.5, -0.5}); }) ==
             "terrain mesher: an asked error must be a finite number of metres >= 0, not -0.5");
  const TerrainMesher limited({0, 0, 2, 2}, std::vector<float>(9), 1, {0.25, 0.75});
  BOOST_TEST(messageOf([&] { limited.mesh({.maxErrorM = 0.5}); }) ==
             "terrain mesher: the maximum error 0.5 m is not one of the errors this mesher was made for; make it with "
             "every error it will be asked");
}

}  // namespace
}  // namespace isla::test
