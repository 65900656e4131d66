// SPDX-License-Identifier: MIT
// scenery: towns and road points lie on the map, every road is a real path,
// and every highway-node town is reached by a highway.
#include <isla/plugin/plugin_api.hpp>

#include <array>
#include <cmath>

namespace {

constexpr isla::FourCC kTowns{"TOWN"};
constexpr isla::FourCC kHighways{"RDHW"};

struct RoadTier {
  isla::FourCC tag;
  const char* name;
};
constexpr std::array<RoadTier, 4> kRoadTiers{{
    {kHighways, "highway"},
    {isla::FourCC("RDBR"), "branch"},
    {isla::FourCC("RDRG"), "rugged"},
    {isla::FourCC("RDTL"), "trail"},
}};

// How close a highway point must come to a highway-node town. The generator
// built its road topology from these towns, so a highway passes through
// each; 2 px allows for rounding to pixels and a path beside the centre.
constexpr float kHighwayNodeReachPx = 2.0f;

std::string number(float value) { return isla::toText(isla::FieldValue(value)); }

std::string position(isla::Point2f point) { return "(" + number(point.x) + ", " + number(point.y) + ")"; }

// Pixel positions run 0 .. MapSize-1 on both axes.
bool onMap(isla::Point2f point, std::int32_t mapSize) {
  const auto last = static_cast<float>(mapSize - 1);
  return std::isfinite(point.x) && std::isfinite(point.y) && point.x >= 0 && point.x <= last &&
         point.y >= 0 && point.y <= last;
}

std::string mapBounds(std::int32_t mapSize) {
  return "positions must be finite and within 0 .. " + std::to_string(mapSize - 1) +
         " on both axes (MapSize " + std::to_string(mapSize) + ")";
}

isla::PixelRef nearestPixel(isla::Point2f point) { return {std::llround(point.x), std::llround(point.y)}; }

bool highwayReaches(const isla::PolylineSet& highways, isla::Point2f town) {
  for (std::size_t p = 0; p < highways.size(); ++p) {
    for (const auto& point : highways.path(p)) {
      const float dx = point.x - town.x;
      const float dy = point.y - town.y;
      if (dx * dx + dy * dy <= kHighwayNodeReachPx * kHighwayNodeReachPx) return true;
    }
  }
  return false;
}

class SceneryValidator final : public isla::Validator {
 public:
  std::string name() const override { return "scenery"; }
  std::string description() const override {
    return "towns and road points lie on the map, highway flags are 0 or 1, roads have at least two "
           "points, and a highway passes every highway-node town";
  }

  void check(const isla::Blueprint& blueprint, const isla::ValidationContext& context,
             isla::Diagnostics& out) const override {
    const std::int32_t mapSize = blueprint.mapSize;
    const auto* towns = blueprint.get<isla::Table>(kTowns);
    if (towns) checkTowns(*towns, mapSize, context.enums, out);
    for (const auto& tier : kRoadTiers) {
      if (const auto* roads = blueprint.get<isla::PolylineSet>(tier.tag)) {
        checkRoads(*roads, tier, mapSize, out);
      }
    }
    const auto* highways = blueprint.get<isla::PolylineSet>(kHighways);
    if (towns && highways) checkHighwayNodes(*towns, *highways, mapSize, context.enums, out);
  }

 private:
  static isla::Point2f townPosition(const isla::Record& town) {
    return {town.as<float>("X"), town.as<float>("Y")};
  }

  static std::string townName(const isla::Table& towns, std::size_t index, const isla::EnumTable& enums) {
    const std::uint8_t tier = towns.rows[index].as<std::uint8_t>("tier");
    return "town " + std::to_string(index) + " (" + enums.name("TownTier", tier) + ")";
  }

  static void checkTowns(const isla::Table& towns, std::int32_t mapSize, const isla::EnumTable& enums,
                         isla::Diagnostics& out) {
    for (std::size_t i = 0; i < towns.rows.size(); ++i) {
      const std::uint8_t flag = towns.rows[i].as<std::uint8_t>("isHighwayNode");
      if (flag > 1) {
        const std::string message = townName(towns, i, enums) + " has isHighwayNode " + std::to_string(flag) +
                                    "; the flag is a .NET bool, so readers take it as true (a highway "
                                    "node), but a writer stores 0 or 1";
        out.add({isla::Severity::Warning, "scenery.highway-flag", message, {}, kTowns, {}, {}, {}});
      }
      const isla::Point2f point = townPosition(towns.rows[i]);
      if (onMap(point, mapSize)) continue;
      const std::string message = townName(towns, i, enums) + " is at " + position(point) +
                                  ", outside the map; " + mapBounds(mapSize);
      out.add({isla::Severity::Error, "scenery.outside-map", message, {}, kTowns, {}, {}, {}});
    }
  }

  // One diagnostic a path: its first point off the map and how many are.
  static void checkRoads(const isla::PolylineSet& roads, const RoadTier& tier, std::int32_t mapSize,
                         isla::Diagnostics& out) {
    for (std::size_t p = 0; p < roads.size(); ++p) {
      const auto path = roads.path(p);
      const std::string pathName = tier.tag.text() + " (" + tier.name + ") path " + std::to_string(p);
      if (path.size() < 2) {
        // Structurally valid and harmless: a consumer draws nothing for it.
        const std::string message = pathName + " has " + std::to_string(path.size()) +
                                    (path.size() == 1 ? " point" : " points") +
                                    "; a road path needs at least two points to be drawn, so it shows nothing";
        out.add({isla::Severity::Warning, "scenery.degenerate-path", message, {}, tier.tag, {}, {}, {}});
      }
      std::size_t outside = 0;
      std::size_t first = 0;
      for (std::size_t k = 0; k < path.size(); ++k) {
        if (onMap(path[k], mapSize)) continue;
        if (outside == 0) first = k;
        ++outside;
      }
      if (outside == 0) continue;
      const std::string message = pathName + " point " + std::to_string(first) + " is at " +
                                  position(path[first]) + ", outside the map (" + std::to_string(outside) +
                                  " of its " + std::to_string(path.size()) + " points are); " +
                                  mapBounds(mapSize);
      out.add({isla::Severity::Error, "scenery.outside-map", message, {}, tier.tag, {}, {}, {}});
    }
  }

  // A town off the map already has its error; it is not reported again here.
  static void checkHighwayNodes(const isla::Table& towns, const isla::PolylineSet& highways,
                                std::int32_t mapSize, const isla::EnumTable& enums, isla::Diagnostics& out) {
    for (std::size_t i = 0; i < towns.rows.size(); ++i) {
      if (towns.rows[i].as<std::uint8_t>("isHighwayNode") == 0) continue;
      const isla::Point2f town = townPosition(towns.rows[i]);
      if (!onMap(town, mapSize) || highwayReaches(highways, town)) continue;
      const std::string message = townName(towns, i, enums) + " at " + position(town) +
                                  " is a highway node, but no RDHW point comes within " +
                                  number(kHighwayNodeReachPx) +
                                  " px of it; the road topology was built from the highway nodes, so a "
                                  "highway should pass through it";
      out.add({isla::Severity::Warning,
               "scenery.isolated-highway-node",
               message,
               {},
               kTowns,
               {},
               nearestPixel(town),
               {}});
    }
  }
};

}  // namespace

ISLA_PLUGIN("1.0.0", "scenery: towns and roads on the map and connected",
            [](isla::PluginRegistrar& registrar) {
              registrar.addValidator(std::make_unique<SceneryValidator>());
            });
