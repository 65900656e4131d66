// SPDX-License-Identifier: MIT
// What a synthesized blueprint holds: every section of the spec, the lakes
// and towns asked for, and water that agrees with the heights exactly.
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <set>
#include <stdexcept>
#include <vector>

#include <isla/synth/sections.hpp>

#include "synth_fixture.hpp"
#include "test_kernel.hpp"

using namespace isla;
using namespace isla::test;

namespace {

std::vector<std::string> tagsOf(const std::vector<EncodedSection>& sections) {
  std::vector<std::string> tags;
  for (const auto& section : sections) tags.push_back(section.tag.text());
  return tags;
}

const std::vector<std::string> kTableOrder{"PRMS", "HGTS", "BIOM", "TOWN", "TCRV", "TDTL", "EROS",
                                           "WBID", "WBTB", "WSRF", "RDHW", "RDBR", "RDRG", "RDTL"};

std::vector<std::string> without(std::vector<std::string> tags, const std::set<std::string>& dropped) {
  std::erase_if(tags, [&](const std::string& tag) { return dropped.contains(tag); });
  return tags;
}

// The ocean as the validators define it: below-sea pixels 4-connected to the border.
std::vector<std::uint8_t> floodOcean(const synth::Grid<float>& heights, float sea) {
  const std::int32_t size = heights.size();
  std::vector<std::uint8_t> ocean(heights.cellCount(), 0);
  std::vector<std::pair<std::int32_t, std::int32_t>> stack;
  auto push = [&](std::int32_t x, std::int32_t y) {
    if (!heights.contains(x, y) || ocean[heights.index(x, y)] || !(heights(x, y) < sea)) return;
    ocean[heights.index(x, y)] = 1;
    stack.emplace_back(x, y);
  };
  for (std::int32_t i = 0; i < size; ++i) {
    push(i, 0);
    push(i, size - 1);
    push(0, i);
    push(size - 1, i);
  }
  while (!stack.empty()) {
    const auto [x, y] = stack.back();
    stack.pop_back();
    push(x - 1, y);
    push(x + 1, y);
    push(x, y - 1);
    push(x, y + 1);
  }
  return ocean;
}

// Every ocean pixel is the flood's, no below-sea pixel is dry, every lake
// pixel lies below its level and every dry pixel beside a lake above it.
void requireWaterAgreesWithHeights(const synth::Blueprint& blueprint) {
  const auto& layers = *blueprint.layers;
  const auto& heights = layers.heights;
  const float sea = blueprint.waterBodies.front().surfaceLevel;
  const auto ocean = floodOcean(heights, sea);
  auto levelOf = [&](std::uint16_t id) { return blueprint.waterBodies[id - 1].surfaceLevel; };
  std::size_t wrong = 0, enclosed = 0, aboveLevel = 0, lowBank = 0;
  for (std::int32_t x = 0; x < heights.size(); ++x) {
    for (std::int32_t y = 0; y < heights.size(); ++y) {
      const std::size_t i = heights.index(x, y);
      const std::uint16_t id = layers.waterIds[i];
      wrong += (id == synth::kOceanId) != (ocean[i] != 0);
      // No below-sea pixel is left dry: enclosed pits are lakes or raised.
      enclosed += id == 0 && heights[i] < sea;
      if (id >= synth::kFirstLakeId) aboveLevel += !(heights[i] < levelOf(id));
      if (id != 0) continue;
      for (const auto& [nx, ny] : {std::pair{x - 1, y}, {x + 1, y}, {x, y - 1}, {x, y + 1}}) {
        if (!heights.contains(nx, ny)) continue;
        const std::uint16_t next = layers.waterIds(nx, ny);
        lowBank += next >= synth::kFirstLakeId && !(heights[i] > levelOf(next));
      }
    }
  }
  const auto seed = blueprint.params.worldSeed;
  BOOST_TEST(wrong == 0U, "seed " << seed);
  BOOST_TEST(enclosed == 0U, "seed " << seed);
  BOOST_TEST(aboveLevel == 0U, "seed " << seed);
  BOOST_TEST(lowBank == 0U, "seed " << seed);
}

}  // namespace

BOOST_AUTO_TEST_SUITE(synth_content)

BOOST_AUTO_TEST_CASE(every_section_of_the_spec_in_table_order) {
  auto settings = synthSettings(5, 256);
  BOOST_TEST(tagsOf(synth::generate(settings, sharedKernel().enums())) == without(kTableOrder, {"EROS"}),
             boost::test_tools::per_element());
  settings.erosion = true;
  BOOST_TEST(tagsOf(synth::generate(settings, sharedKernel().enums())) == kTableOrder,
             boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(the_curve_and_detail_records_can_be_left_out) {
  auto settings = synthSettings(5, 256);
  settings.detail = false;
  BOOST_TEST(
      tagsOf(synth::generate(settings, sharedKernel().enums())) == without(kTableOrder, {"TDTL", "EROS"}),
      boost::test_tools::per_element());
  // The detail needs the curve: without the curve neither is written.
  settings.curve = false;
  settings.detail = true;
  BOOST_TEST(tagsOf(synth::generate(settings, sharedKernel().enums())) ==
                 without(kTableOrder, {"TCRV", "TDTL", "EROS"}),
             boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(skipped_roads_are_present_but_empty) {
  auto settings = synthSettings(5, 256);
  settings.roads = false;
  const auto blueprint = synth::synthesize(settings, sharedKernel().enums());
  const auto sections = synth::toSections(blueprint);
  for (const auto& section : sections) {
    if (section.tag.text().starts_with("RD"))
      BOOST_TEST((section.payload.flatten() == std::vector<std::byte>(4)));
  }
  // No road topology was built, so no town is a highway node.
  BOOST_TEST(!blueprint.towns.empty());
  BOOST_TEST(std::none_of(blueprint.towns.begin(), blueprint.towns.end(),
                          [](const auto& t) { return t.highwayNode; }));
}

BOOST_AUTO_TEST_CASE(at_least_the_lakes_asked_for) {
  for (const auto& c : synthCases()) {
    const auto& blueprint = synthBlueprint(c.seed, c.mapSize);
    BOOST_TEST(blueprint.lakeCount() >= static_cast<std::size_t>(synth::defaultLakeCount(c.mapSize)),
               "seed " << c.seed << " size " << c.mapSize);
  }
  auto settings = synthSettings(8, 1024);
  settings.lakes = 9;
  BOOST_TEST(synth::synthesize(settings, sharedKernel().enums()).lakeCount() >= 9U);
}

BOOST_AUTO_TEST_CASE(towns_of_every_tier_and_highways_through_the_nodes) {
  for (const auto& c : synthCases()) {
    const auto& blueprint = synthBlueprint(c.seed, c.mapSize);
    BOOST_TEST(blueprint.towns.size() == static_cast<std::size_t>(synth::defaultTownCount(c.mapSize)));
    std::set<synth::Tier> tiers;
    for (const auto& town : blueprint.towns) tiers.insert(town.tier);
    BOOST_TEST(tiers.size() == synth::kTierCount, "seed " << c.seed << " size " << c.mapSize);
    for (std::size_t tier = 0; tier < synth::kRoadTierCount; ++tier) {
      BOOST_TEST(!blueprint.roads.tiers[tier].empty(), "road tier " << tier << " of seed " << c.seed);
    }
    // Highways start and end exactly on highway nodes.
    for (const auto& path : blueprint.roads.tiers[static_cast<std::size_t>(synth::RoadTier::Highway)]) {
      for (const auto& end : {path.front(), path.back()}) {
        BOOST_TEST(std::any_of(blueprint.towns.begin(), blueprint.towns.end(), [&](const synth::Town& town) {
          return town.highwayNode && town.position.x == end.x && town.position.y == end.y;
        }));
      }
    }
  }
}

BOOST_AUTO_TEST_CASE(water_agrees_with_the_heights_exactly) {
  for (const auto& c : synthCases()) requireWaterAgreesWithHeights(synthBlueprint(c.seed, c.mapSize));
}

// Erosion runs after the classification and must leave the heights agreeing
// with it: no pixel carved across the sea, no lake bed raised, no bank cut.
BOOST_AUTO_TEST_CASE(eroded_heights_still_agree_with_the_water) {
  for (const auto& c : synthCases()) {
    auto settings = synthSettings(c.seed, c.mapSize);
    settings.erosion = true;
    requireWaterAgreesWithHeights(synth::synthesize(settings, sharedKernel().enums()));
  }
}

BOOST_AUTO_TEST_CASE(the_border_is_one_flat_sea_floor_for_tiling) {
  for (const auto& c : synthCases()) {
    const auto& heights = synthBlueprint(c.seed, c.mapSize).layers->heights;
    const std::int32_t last = heights.size() - 1;
    std::size_t off = 0;
    for (std::int32_t i = 0; i <= last; ++i) {
      for (const float h : {heights(i, 0), heights(i, last), heights(0, i), heights(last, i)}) off += h != -0.5f;
    }
    BOOST_TEST(off == 0U, "seed " << c.seed);
  }
}

BOOST_AUTO_TEST_CASE(the_impact_centre_is_on_land_inside_the_crater) {
  for (const auto& c : synthCases()) {
    const auto& blueprint = synthBlueprint(c.seed, c.mapSize);
    const auto& params = blueprint.params;
    const auto x = static_cast<std::int32_t>(params.impactCenterX);
    const auto y = static_cast<std::int32_t>(params.impactCenterY);
    BOOST_TEST(params.craterRadius > 0);
    BOOST_TEST(blueprint.layers->waterIds(x, y) == 0);
    BOOST_TEST(blueprint.layers->biomes(x, y) == *sharedKernel().enums().ordinal("Biome", "Crater"));
  }
}

BOOST_AUTO_TEST_CASE(a_missing_enum_member_is_named) {
  const auto enums = EnumTable::parse(R"({"format": "isla-enums/1", "enums": {
      "Biome": ["Ocean", "Lake", "Beach", "Grassland", "Forest", "Swamp", "Desert", "Dirt", "Rock",
                "Mountain", "Snow", "Crater", "Wasteland"],
      "TownTier": ["Hamlet", "Village", "Town", "City"]}})",
                                      "no-jungle.json");
  BOOST_CHECK_EXCEPTION(synth::synthesize(synthSettings(1, 256), enums), std::runtime_error,
                        [](const std::runtime_error& error) {
                          return std::string(error.what()).find("no Biome member 'Jungle'") !=
                                 std::string::npos;
                        });
}

BOOST_AUTO_TEST_CASE(settings_outside_their_ranges_are_refused) {
  auto refused = [](auto change) {
    auto settings = synthSettings(1, 256);
    change(settings);
    try {
      settings.validate();
    } catch (const synth::InvalidSettings&) {
      return true;
    }
    return false;
  };
  BOOST_TEST(refused([](auto& s) { s.seed = 0; }));
  BOOST_TEST(refused([](auto& s) { s.mapSize = 255; }));
  BOOST_TEST(refused([](auto& s) { s.mapSize = 32769; }));
  BOOST_TEST(refused([](auto& s) { s.towns = -1; }));
  BOOST_TEST(refused([](auto& s) { s.lakes = 1001; }));
  BOOST_TEST(refused([](auto& s) { s.seaLevel = -0.1f; }));
  BOOST_TEST(refused([](auto& s) { s.isletDensity = 0.6f; }));
  BOOST_TEST(!refused([](auto& s) { s.mapSize = 1000; }));  // not only powers of two
}

BOOST_AUTO_TEST_SUITE_END()
