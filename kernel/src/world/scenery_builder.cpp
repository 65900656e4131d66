// SPDX-License-Identifier: MIT
#include "scenery_builder.hpp"

#include <algorithm>
#include <cctype>

#include "isla/fourcc.hpp"

namespace isla {

namespace {

struct RoadTier {
  FourCC tag;
  const char* name;
};

constexpr RoadTier kRoadTiers[] = {
    {FourCC("RDHW"), "highway"}, {FourCC("RDBR"), "branch"}, {FourCC("RDRG"), "rugged"}, {FourCC("RDTL"), "trail"}};

std::string lowerCase(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) { return std::tolower(c); });
  return text;
}

}  // namespace

Scenery buildScenery(const World& world, std::size_t sourceIndex, const EnumTable& enums) {
  const WorldSource& source = world.sources[sourceIndex];
  const Patch& patch = world.patches[source.patch];
  const double spacing = world.settings.spacingM;
  const std::string& ns = source.ns;
  auto place = [&](double px, double py) {
    const double x = patch.originX + px * spacing;
    const double z = patch.originZ + py * spacing;
    return Position{x, sampleHeight(world, source.patch, x, z), z};
  };

  Scenery scenery;
  if (const auto* towns = source.package->get<Table>(FourCC("TOWN"))) {
    for (std::size_t i = 0; i < towns->rows.size(); ++i) {
      const Record& town = towns->rows[i];
      SceneryEntity entity;
      entity.sourceEntityId = "town-" + std::to_string(i);
      entity.id = ns + ":entity:" + entity.sourceEntityId;
      entity.kind = "town";
      entity.tier = enums.name("TownTier", town.as<std::uint8_t>("tier"));
      // A .NET bool: any nonzero byte is true.
      entity.highwayNode = town.as<std::uint8_t>("isHighwayNode") != 0;
      entity.position = place(town.number("X"), town.number("Y"));
      const std::string assetSource = "town-" + lowerCase(entity.tier);
      entity.assetId = ns + ":asset:" + assetSource;
      scenery.assets.try_emplace(entity.assetId,
                                 SceneryAsset{entity.assetId, assetSource, ns, std::nullopt, std::nullopt, "unresolved"});
      scenery.entities.push_back(std::move(entity));
    }
  }
  for (const auto& tier : kRoadTiers) {
    const auto* paths = source.package->get<PolylineSet>(tier.tag);
    if (!paths) continue;
    for (std::size_t i = 0; i < paths->size(); ++i) {
      SceneryRoad road;
      road.sourceEntityId = "road-" + std::string(tier.name) + "-" + std::to_string(i);
      road.id = ns + ":entity:" + road.sourceEntityId;
      road.tier = tier.name;
      for (const Point2f& point : paths->path(i)) road.points.push_back(place(point.x, point.y));
      scenery.roads.push_back(std::move(road));
    }
  }
  return scenery;
}

}  // namespace isla
