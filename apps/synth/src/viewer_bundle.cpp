// SPDX-License-Identifier: MIT
#include "isla/synth/viewer_bundle.hpp"

#include <boost/json/value.hpp>

#include <algorithm>
#include <array>

#include <isla/model/enum_table.hpp>
#include <isla/json/json_text.hpp>

#include "isla/synth/ordinals.hpp"
#include "isla/synth/random.hpp"

namespace isla::synth {

namespace {

// Its own offset, so that the trees never move when other fields change.
constexpr std::int32_t kVegetationField = 7001;

struct Species {
  const char* name;
  const char* model;  // empty: the species is its own model key
};

struct Biome {
  const char* name;    // in the enum table
  const char* region;  // the region id and kind of its trees
  std::array<Species, 2> species;
};

constexpr std::array<Biome, 2> kBiomes{{
    {"Forest", "forest", {{{"oak", ""}, {"pine", "conifer-tall"}}}},
    {"Jungle", "jungle", {{{"palm", "palm-curved"}, {"fern", ""}}}},
}};

struct Box {
  double minX = 0, minY = 0, maxX = 0, maxY = 0;
  bool empty = true;
  void add(double x, double y) {
    minX = empty ? x : std::min(minX, x), minY = empty ? y : std::min(minY, y);
    maxX = empty ? x : std::max(maxX, x), maxY = empty ? y : std::max(maxY, y);
    empty = false;
  }
};

std::string lowerCase(std::string text) {
  for (char& c : text) c = c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
  return text;
}

}  // namespace

std::string catalogueJson(const Blueprint& blueprint, const EnumTable& enums) {
  boost::json::array assets;
  for (std::size_t tier = 0; tier < kTierCount; ++tier) {
    const std::string name = lowerCase(enums.name("TownTier", blueprint.tiers.ordinals[tier]));
    assets.push_back({{"id", "town-" + name}, {"category", "settlement"}, {"resource", "settlements/" + name}});
  }
  // Sorted, so that the member does not depend on the tiers' enum order.
  std::sort(assets.begin(), assets.end(), [](const boost::json::value& a, const boost::json::value& b) {
    return a.at("id").as_string() < b.at("id").as_string();
  });
  return toJsonText(boost::json::object{
             {"format", "isla.viewer-bundle.catalogue"},
             {"format_version", 3},
             {"assets", std::move(assets)},
             {"category_defaults", {{"settlement", "settlements/generic"}, {"vegetation", "vegetation/generic"}}}}) +
         "\n";
}

std::string vegetationJson(const Blueprint& blueprint, const EnumTable& enums) {
  const Grid<std::uint8_t>& biomes = blueprint.layers->biomes;
  const std::int32_t size = biomes.size();
  const std::int32_t step = std::max(16, size / 64);
  const std::uint32_t key = fieldKey(blueprint.params.worldSeed, kVegetationField);
  std::array<std::uint8_t, kBiomes.size()> ordinals{};
  for (std::size_t b = 0; b < kBiomes.size(); ++b) ordinals[b] = requireOrdinal(enums, "Biome", kBiomes[b].name);

  boost::json::array instances;
  std::array<Box, kBiomes.size()> boxes;
  for (std::int32_t cx = 0; cx + step <= size; cx += step) {
    for (std::int32_t cy = 0; cy + step <= size; cy += step) {
      const std::uint32_t h = mix32(key ^ mix32(static_cast<std::uint32_t>(cx) * 0x9e3779b9U +
                                                static_cast<std::uint32_t>(cy)));
      const std::int32_t x = cx + static_cast<std::int32_t>(h % static_cast<std::uint32_t>(step));
      const std::int32_t y = cy + static_cast<std::int32_t>((h >> 8) % static_cast<std::uint32_t>(step));
      const auto found = std::find(ordinals.begin(), ordinals.end(), biomes(x, y));
      if (found == ordinals.end()) continue;
      const auto b = static_cast<std::size_t>(found - ordinals.begin());
      const Species& species = kBiomes[b].species[(h >> 16) & 1];
      const std::uint32_t g = mix32(h);
      boost::json::object tree{{"species", species.name}};
      if (*species.model) tree["model"] = species.model;
      tree["x"] = x;
      tree["y"] = y;
      tree["rotation_deg"] = static_cast<double>(g % 3600) / 10.0;
      tree["scale"] = 0.8 + static_cast<double>((g >> 12) % 41) / 100.0;
      tree["visible"] = (g >> 24) % 16 != 0;  // a few hidden, as a viewer's edits leave them
      tree["region"] = kBiomes[b].region;
      boxes[b].add(x, y);
      instances.push_back(std::move(tree));
    }
  }
  boost::json::array regions;
  for (std::size_t b = 0; b < kBiomes.size(); ++b) {
    if (boxes[b].empty) continue;
    regions.push_back({{"id", kBiomes[b].region}, {"kind", kBiomes[b].region}, {"min_x", boxes[b].minX},
                       {"min_y", boxes[b].minY}, {"max_x", boxes[b].maxX}, {"max_y", boxes[b].maxY}});
  }
  return toJsonText(boost::json::object{{"format", "isla.viewer-bundle.vegetation"},
                                        {"format_version", 1},
                                        {"regions", std::move(regions)},
                                        {"instances", std::move(instances)}}) +
         "\n";
}

}  // namespace isla::synth
