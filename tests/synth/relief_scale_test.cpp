// SPDX-License-Identifier: MIT
// --spacing: a map made for a smaller extent than the native island's keeps
// its proportions (apps/synth/README.md, "Relief for the map's size").
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <cmath>
#include <numbers>

#include <isla/synth/relief_scale.hpp>
#include <isla/synth/water_level.hpp>

#include "synth_fixture.hpp"
#include "test_kernel.hpp"

using namespace isla;
using namespace isla::test;

namespace {

// The steepest of the contract's north-west-south-east triangles, in degrees.
double steepestTriangleDeg(const synth::Grid<float>& heights, double spacingM) {
  double steepest = 0;
  for (std::int32_t x = 0; x + 1 < heights.size(); ++x) {
    for (std::int32_t y = 0; y + 1 < heights.size(); ++y) {
      const double nw = heights(x, y), ne = heights(x + 1, y), sw = heights(x, y + 1), se = heights(x + 1, y + 1);
      for (const auto& [du, dv] : {std::pair{ne - nw, se - ne}, {se - sw, sw - nw}}) {
        steepest = std::max(steepest, std::hypot(du, dv));
      }
    }
  }
  return std::atan(steepest * synth::kMetresPerRaw / spacingM) * 180 / std::numbers::pi;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(synth_relief_scale)

BOOST_AUTO_TEST_CASE(the_scale_is_the_extent_over_the_native_one_up_to_1) {
  BOOST_TEST(synth::reliefScale(1024, std::nullopt) == 1);
  BOOST_TEST(synth::reliefScale(1024, 10) == 1023 * 10 / synth::kNativeExtentM);
  BOOST_TEST(synth::reliefScale(1001, 40) == 1);
  BOOST_TEST(synth::reliefScale(1001, 1000) == 1);
}

// Every height about the sea is the native one times the scale, to within
// the steps at which water levels and the coast are quantised.
BOOST_AUTO_TEST_CASE(a_smaller_map_is_the_native_relief_scaled_about_the_sea) {
  for (const auto& c : synthCases()) {
    const auto& native = synthBlueprint(c.seed, c.mapSize);
    auto settings = synthSettings(c.seed, c.mapSize);
    settings.spacingM = 10;
    const auto scaled = synth::synthesize(settings, sharedKernel().enums());
    const double scale = synth::reliefScale(c.mapSize, 10);
    const double sea = settings.seaLevel;
    const auto& a = native.layers->heights;
    const auto& b = scaled.layers->heights;
    double worst = 0;
    for (std::size_t i = 0; i < a.cellCount(); ++i) {
      worst = std::max(worst, std::abs((b[i] - sea) - scale * (a[i] - sea)));
    }
    BOOST_TEST(worst <= 3 * synth::kLevelStep, "seed " << c.seed << ": " << worst / synth::kLevelStep << " steps");
    // The coast, and every body of water, stay where they were.
    BOOST_TEST((scaled.layers->waterIds.bytes().size() == native.layers->waterIds.bytes().size()));
    BOOST_TEST(std::equal(scaled.layers->waterIds.bytes().begin(), scaled.layers->waterIds.bytes().end(),
                          native.layers->waterIds.bytes().begin()),
               "seed " << c.seed);
  }
}

// The point of it: laid out at its spacing, the island is no cliff.
BOOST_AUTO_TEST_CASE(a_map_made_for_its_spacing_stays_under_the_slope_warning) {
  for (const auto& c : synthCases()) {
    for (const double spacing : {2.0, 10.0}) {
      auto settings = synthSettings(c.seed, c.mapSize);
      settings.spacingM = spacing;
      settings.erosion = true;
      const auto blueprint = synth::synthesize(settings, sharedKernel().enums());
      BOOST_TEST(steepestTriangleDeg(blueprint.layers->heights, spacing) < 35,
                 "seed " << c.seed << " at " << spacing << " m");
    }
  }
}

BOOST_AUTO_TEST_SUITE_END()
