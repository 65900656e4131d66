// SPDX-License-Identifier: MIT
#include "scenery_builder.hpp"

#include <algorithm>
#include <cctype>
#include <set>


namespace isla {

namespace {

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
  if (const auto* towns = source.role<TownList>()) {
    for (std::size_t i = 0; i < towns->towns.size(); ++i) {
      const Town& town = towns->towns[i];
      SceneryEntity entity;
      entity.sourceEntityId = "town-" + std::to_string(i);
      entity.id = ns + ":entity:" + entity.sourceEntityId;
      entity.kind = "town";
      entity.tier = enums.name("TownTier", town.tier);
      entity.highwayNode = town.highwayNode;
      entity.position = place(town.x, town.y);
      const std::string assetSource = "town-" + lowerCase(entity.tier);
      entity.assetId = ns + ":asset:" + assetSource;
      scenery.assets.try_emplace(entity.assetId,
                                 SceneryAsset{entity.assetId, assetSource, ns, std::nullopt, std::nullopt, "unresolved"});
      scenery.entities.push_back(std::move(entity));
    }
  }
  for (const RoadClass roadClass : kRoadClasses) {
    const RoadTier* tier = roadTier(*source.blueprint, roadClass);
    if (!tier) continue;
    const std::string name(roadClassName(roadClass));
    for (std::size_t i = 0; i < tier->paths.size(); ++i) {
      // A path of fewer than two points draws nothing (the validators warn:
      // scenery.degenerate-path) and a package's road has two at least: it
      // is left out, the others keep their source's numbering.
      if (tier->paths.path(i).size() < 2) continue;
      SceneryRoad road;
      road.sourceEntityId = "road-" + name + "-" + std::to_string(i);
      road.id = ns + ":entity:" + road.sourceEntityId;
      road.tier = name;
      for (const Point2f& point : tier->paths.path(i)) road.points.push_back(place(point.x, point.y));
      scenery.roads.push_back(std::move(road));
    }
  }
  return scenery;
}

}  // namespace isla
