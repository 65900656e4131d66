// SPDX-License-Identifier: MIT
// The bundled example (examples/archipelago) as a newcomer first sees it
// (issue 39): islands of a believable size, each at most 20 km across, and
// a world that compiles with no warning, slope warnings included.
#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include <isla/mapping/blueprint_file.hpp>
#include <isla/world/layout.hpp>

#include "test_kernel.hpp"
#include "tool_runner.hpp"

using namespace isla;
using namespace isla::test;

namespace {

constexpr double kWidestIslandM = 20000;
// Islands of "a few kilometres": each source's main island reaches this.
constexpr double kMainIslandAtLeastM = 3000;

struct Island {
  std::int32_t minX, maxX, minY, maxY;

  // The diagonal of its bounding box: no two of its samples lie further apart.
  double acrossM(double spacingM) const { return std::hypot(maxX - minX, maxY - minY) * spacingM; }
};

// The 4-connected pieces of everything but the ocean (id 1), so that a lake
// belongs to the island around it.
std::vector<Island> islandsOf(const Raster& waterIds) {
  const std::int32_t size = waterIds.mapSize();
  const auto ids = waterIds.values<std::uint16_t>();
  auto ocean = [&](std::int32_t x, std::int32_t y) { return ids[waterIds.index(x, y)].value() == 1; };
  std::vector<std::uint8_t> seen(ids.size());
  std::vector<Island> islands;
  std::vector<std::pair<std::int32_t, std::int32_t>> stack;
  auto visit = [&](std::int32_t x, std::int32_t y) {
    if (x < 0 || y < 0 || x >= size || y >= size || seen[waterIds.index(x, y)] || ocean(x, y)) return false;
    seen[waterIds.index(x, y)] = 1;
    stack.emplace_back(x, y);
    return true;
  };
  for (std::int32_t x = 0; x < size; ++x) {
    for (std::int32_t y = 0; y < size; ++y) {
      if (!visit(x, y)) continue;
      Island island{x, x, y, y};
      while (!stack.empty()) {
        const auto [px, py] = stack.back();
        stack.pop_back();
        island = {std::min(island.minX, px), std::max(island.maxX, px), std::min(island.minY, py),
                  std::max(island.maxY, py)};
        visit(px - 1, py);
        visit(px + 1, py);
        visit(px, py - 1);
        visit(px, py + 1);
      }
      islands.push_back(island);
    }
  }
  return islands;
}

Layout exampleLayout() {
  Diagnostics diagnostics;
  auto layout = loadLayout(ISLA_TEST_EXAMPLE_LAYOUT, diagnostics);
  BOOST_TEST_REQUIRE(layout.has_value(), describe(diagnostics));
  return *layout;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(example_shape)

BOOST_AUTO_TEST_CASE(every_island_is_at_most_20_km_across) {
  const Layout layout = exampleLayout();
  const double spacing = layout.settings.spacingM;
  for (const auto& source : layout.sources) {
    const LoadResult loaded = readBlueprint(source.path, sharedKernel());
    BOOST_TEST_REQUIRE(loaded.ok(), describe(loaded.diagnostics));
    const auto* ids = loaded.blueprint->role<WaterBodyIdGrid>();
    BOOST_TEST_REQUIRE(ids != nullptr);
    // An island touching the map's border could continue into its neighbours.
    const std::int32_t last = ids->ids.mapSize() - 1;
    double widest = 0;
    for (const Island& island : islandsOf(ids->ids)) {
      BOOST_TEST((island.minX > 0 && island.minY > 0 && island.maxX < last && island.maxY < last), source.id);
      BOOST_TEST(island.acrossM(spacing) <= kWidestIslandM, source.id << ": an island " << island.acrossM(spacing)
                                                                     << " m across");
      widest = std::max(widest, island.acrossM(spacing));
    }
    BOOST_TEST(widest >= kMainIslandAtLeastM, source.id << ": its largest island is " << widest << " m across");
  }
}

BOOST_AUTO_TEST_CASE(the_example_compiles_without_a_warning) {
  TempDir dir;
  const auto run = runTool({"run", "compile", ISLA_TEST_EXAMPLE_LAYOUT, (dir / "world").string(), "--quiet"});
  BOOST_TEST_REQUIRE(run.exitCode == 0, run.err);
  BOOST_TEST(run.err == "");
  BOOST_TEST(run.out.find(", 0 warnings: ") != std::string::npos, run.out);
  const auto bytes = readFile(dir / "world" / "compilation-report.json");
  const auto report = boost::json::parse(std::string(reinterpret_cast<const char*>(bytes.data()), bytes.size()));
  BOOST_TEST(report.at("warnings").as_array().empty(), boost::json::serialize(report.at("warnings")));
  double steepest = 0;
  for (const auto& patch : report.at("patches").as_array()) {
    steepest = std::max(steepest, patch.at("max_slope_deg").to_number<double>());
  }
  BOOST_TEST(steepest < exampleLayout().settings.slopeWarningDeg);
}

BOOST_AUTO_TEST_SUITE_END()
