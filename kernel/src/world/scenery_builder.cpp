// SPDX-License-Identifier: MIT
#include "scenery_builder.hpp"

#include <algorithm>
#include <cctype>
#include <set>

#include "isla/base/fourcc.hpp"

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

// Every catalogue asset, resolved; then the towns' assets the catalogue
// lacks stay unresolved.
void addCatalogue(Scenery& scenery, const Catalogue& catalogue, const std::string& ns) {
  for (const CatalogueAsset& asset : catalogue.assets) {
    const std::string id = ns + ":asset:" + asset.id;
    scenery.assets.insert_or_assign(id, SceneryAsset{id, asset.id, ns, asset.category, asset.resource,
                                                     "external-reference"});
  }
  scenery.categoryDefaults = catalogue.categoryDefaults;
}

template <class Place>
void addVegetation(Scenery& scenery, const Vegetation& vegetation, const std::string& ns, double spacing,
                   double originX, double originZ, Place place) {
  std::set<std::string> inBundle;
  for (const VegetationRegion& region : vegetation.regions) {
    const std::string native = "region-" + region.id;
    scenery.regions.push_back(SceneryRegion{ns + ":entity:" + native, native, region.kind,
                                            originX + region.minX * spacing, originZ + region.minY * spacing,
                                            originX + region.maxX * spacing, originZ + region.maxY * spacing});
    inBundle.insert(region.id);
  }
  for (std::size_t i = 0; i < vegetation.instances.size(); ++i) {
    const VegetationInstance& from = vegetation.instances[i];
    SceneryVegetation item;
    item.id = ns + ":imported-vegetation:" + std::to_string(i);
    item.sourceIndex = i;
    item.species = from.species;
    item.modelReferenceId = ns + ":species:" + from.model.value_or(from.species);
    item.position = place(from.x, from.y);
    item.rotationDeg = from.rotationDeg;
    item.scale = from.scale;
    item.visible = from.visible;
    if (from.region && inBundle.contains(*from.region)) {
      item.sourceRegionId = ns + ":entity:region-" + *from.region;
      item.sourceRegionScope = "world";
    } else if (from.region) {
      item.sourceRegionId = ns + ":external-region:" + *from.region;
      item.sourceRegionScope = "external";
    }
    scenery.vegetation.push_back(std::move(item));
  }
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
  const SourceBundle* bundle = source.bundle.get();
  if (bundle && bundle->catalogue) addCatalogue(scenery, *bundle->catalogue, ns);
  if (bundle && bundle->vegetation) {
    addVegetation(scenery, *bundle->vegetation, ns, spacing, patch.originX, patch.originZ, place);
  }
  if (const auto* towns = source.blueprint->get<Table>(FourCC("TOWN"))) {
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
    const auto* paths = source.blueprint->get<PolylineSet>(tier.tag);
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
