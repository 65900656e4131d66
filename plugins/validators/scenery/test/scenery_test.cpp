// SPDX-License-Identifier: MIT
#include <boost/test/unit_test.hpp>

#include <limits>

#include "sample_blueprint.hpp"
#include "test_kernel.hpp"
#include "validator_runner.hpp"

using namespace isla;
using namespace isla::test;

namespace {

Diagnostics runScenery(const BlueprintBuilder& builder) { return runValidator("scenery", builder); }
Diagnostics runScenery(const SampleBlueprint& sample) { return runScenery(encode(sample)); }

enum Tier { kHighway, kBranch, kRugged, kTrail };

}  // namespace

BOOST_AUTO_TEST_SUITE(scenery)

BOOST_AUTO_TEST_CASE(sample_passes) {
  const auto out = runScenery(makeSample());
  BOOST_TEST(out.empty(), describe(out));
}

BOOST_AUTO_TEST_CASE(a_town_at_x_map_size_is_outside) {
  auto sample = makeSample();
  sample.towns[2].x = 256.0f;
  const auto& d = only(runScenery(sample));
  BOOST_TEST(d.code == "scenery.outside-map");
  BOOST_TEST((d.severity == Severity::Error));
  BOOST_TEST(d.tag->text() == "TOWN");
  BOOST_TEST(says(d, "town 2 (Village) is at (256, "), d.message);
  BOOST_TEST(says(d, "within 0 .. 255"), d.message);
}

BOOST_AUTO_TEST_CASE(the_map_edges_are_inside) {
  auto sample = makeSample();
  sample.towns[2] = {255.0f, 0.0f, 1, 0};
  sample.towns[3] = {0.0f, 255.0f, 0, 0};
  sample.roads[kTrail] = {{{0.0f, 0.0f}, {255.0f, 255.0f}}};
  BOOST_TEST(runScenery(sample).empty());
}

BOOST_AUTO_TEST_CASE(negative_and_non_finite_towns_are_outside) {
  for (const float bad :
       {-0.5f, std::numeric_limits<float>::quiet_NaN(), std::numeric_limits<float>::infinity()}) {
    auto sample = makeSample();
    sample.towns[3].y = bad;
    const auto& d = only(runScenery(sample));
    BOOST_TEST(d.code == "scenery.outside-map");
    BOOST_TEST(says(d, "town 3 (Hamlet)"), d.message);
  }
}

BOOST_AUTO_TEST_CASE(a_road_point_outside_names_tier_path_and_point) {
  auto sample = makeSample();
  sample.roads[kRugged][1].push_back({300.0f, 10.0f});
  sample.roads[kRugged][1].push_back({-1.0f, 10.0f});
  const auto& d = only(runScenery(sample));
  BOOST_TEST(d.code == "scenery.outside-map");
  BOOST_TEST(d.tag->text() == "RDRG");
  BOOST_TEST(says(d, "RDRG (rugged) path 1 point 2 is at (300, 10), outside the map (2 of its 4 points are)"),
             d.message);
}

BOOST_AUTO_TEST_CASE(a_one_point_path_is_a_harmless_warning) {
  auto sample = makeSample();
  sample.roads[kBranch].push_back({{100.0f, 100.0f}});
  const auto& d = only(runScenery(sample));
  BOOST_TEST(d.code == "scenery.degenerate-path");
  BOOST_TEST((d.severity == Severity::Warning));
  BOOST_TEST(d.tag->text() == "RDBR");
  BOOST_TEST(d.message ==
             "RDBR (branch) path 1 has 1 point; a road path needs at least two points to be drawn, so it "
             "shows nothing");
}

BOOST_AUTO_TEST_CASE(an_empty_path_is_degenerate) {
  auto sample = makeSample();
  sample.roads[kTrail].push_back({});
  const auto& d = only(runScenery(sample));
  BOOST_TEST(d.code == "scenery.degenerate-path");
  BOOST_TEST(says(d, "RDTL (trail) path 0 has 0 points"), d.message);
  BOOST_TEST((d.severity == Severity::Warning));
}

BOOST_AUTO_TEST_CASE(a_highway_node_no_highway_reaches_is_warned_about) {
  auto sample = makeSample();
  // Town 1 is a highway node where the highway ends, at (159.5, 127.5).
  sample.towns[1].y += 10.0f;
  const auto& d = only(runScenery(sample));
  BOOST_TEST(d.code == "scenery.isolated-highway-node");
  BOOST_TEST((d.severity == Severity::Warning));
  BOOST_TEST(
      says(d, "town 1 (Town) at (159.5, 137.5) is a highway node, but no RDHW point comes within 2 px"),
      d.message);
  BOOST_TEST(d.pixel->x == 160);
  BOOST_TEST(d.pixel->y == 138);
}

BOOST_AUTO_TEST_CASE(the_highway_reach_is_two_pixels) {
  auto sample = makeSample();
  sample.towns[1].y += 1.9f;
  BOOST_TEST(runScenery(sample).empty());
  sample.towns[1].y += 0.2f;
  BOOST_TEST(only(runScenery(sample)).code == "scenery.isolated-highway-node");
}

BOOST_AUTO_TEST_CASE(a_highway_flag_other_than_0_or_1_is_a_highway_node_and_a_warning) {
  auto sample = makeSample();
  sample.towns[1].highwayNode = 2;
  const auto& d = only(runScenery(sample));
  BOOST_TEST(d.code == "scenery.highway-flag");
  BOOST_TEST((d.severity == Severity::Warning));
  BOOST_TEST(d.tag->text() == "TOWN");
  BOOST_TEST(d.message ==
             "town 1 (Town) has isHighwayNode 2; the flag is a .NET bool, so readers take it as true (a "
             "highway node), but a writer stores 0 or 1");
  // Read as true: a highway node away from every highway is reported as one.
  sample.towns[1].y += 10.0f;
  const auto both = runScenery(sample);
  BOOST_TEST_REQUIRE(both.items().size() == 2u, describe(both));
  BOOST_TEST(both.items()[1].code == "scenery.isolated-highway-node");
}

BOOST_AUTO_TEST_CASE(towns_that_are_not_highway_nodes_need_no_highway) {
  auto sample = makeSample();
  sample.towns[1].highwayNode = 0;
  sample.towns[1].y += 10.0f;
  BOOST_TEST(runScenery(sample).empty());
}

BOOST_AUTO_TEST_CASE(without_rdhw_the_highway_check_is_skipped) {
  auto sample = makeSample();
  sample.towns[1].y += 10.0f;
  auto builder = encode(sample);
  builder.remove(FourCC("RDHW"));
  BOOST_TEST(runScenery(builder).empty());
}

BOOST_AUTO_TEST_CASE(an_empty_highway_tier_isolates_every_highway_node) {
  auto sample = makeSample();
  sample.roads[kHighway] = {};
  const auto out = runScenery(sample);
  BOOST_TEST(out.items().size() == 2u, describe(out));
  for (const auto& d : out.items()) BOOST_TEST(d.code == "scenery.isolated-highway-node");
}

BOOST_AUTO_TEST_SUITE_END()
