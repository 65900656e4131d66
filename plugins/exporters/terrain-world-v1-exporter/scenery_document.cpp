// SPDX-License-Identifier: MIT
// scenery/<source-id>.json: one source's towns, roads, vegetation, regions
// and assets in world coordinates, as the World's scenery builder placed them.
#include "documents.hpp"

namespace isla_world_export {

namespace {

// The keys every entity, town or road, begins with.
void beginEntity(isla::JsonWriter& json, const std::string& id, const std::string& sourceEntityId,
                 std::string_view kind, const std::string& tier) {
  json.beginObject();
  json.member("id", id);
  json.member("source_entity_id", sourceEntityId);
  json.member("kind", kind);
  json.member("tier", tier);
}

void writeEntity(isla::JsonWriter& json, const isla::SceneryEntity& entity) {
  beginEntity(json, entity.id, entity.sourceEntityId, entity.kind, entity.tier);
  json.member("highway_node", entity.highwayNode);
  json.key("position_m");
  json.numbers(entity.position);
  json.member("rotation_deg", entity.rotationDeg);
  json.member("scale", entity.scale);
  json.member("visible", entity.visible);
  json.member("asset_id", entity.assetId);
  json.endObject();
}

void writeRoad(isla::JsonWriter& json, const isla::SceneryRoad& road) {
  beginEntity(json, road.id, road.sourceEntityId, "road", road.tier);
  json.key("points_m");
  json.beginCompactArray();
  for (const isla::Position& point : road.points) json.numbers(point);
  json.endArray();
  json.endObject();
}

void writeAsset(isla::JsonWriter& json, const isla::SceneryAsset& asset) {
  json.key(asset.id);
  json.beginObject();
  json.member("source_asset_id", asset.sourceAssetId);
  json.member("namespace", asset.ns);
  json.member("category", asset.category);
  json.member("resource", asset.resource);
  json.member("resolution", asset.resolution);
  json.endObject();
}

void writeVegetation(isla::JsonWriter& json, const isla::SceneryVegetation& item) {
  json.beginObject();
  json.member("id", item.id);
  json.member("source_index", item.sourceIndex);
  json.member("species", item.species);
  json.member("model_reference_id", item.modelReferenceId);
  json.key("position_m");
  json.numbers(item.position);
  json.member("rotation_deg", item.rotationDeg);
  json.member("scale", item.scale);
  json.member("visible", item.visible);
  json.member("source_region_id", item.sourceRegionId);
  json.member("source_region_scope", item.sourceRegionScope);
  json.endObject();
}

void writeRegion(isla::JsonWriter& json, const isla::SceneryRegion& region) {
  json.beginObject();
  json.member("id", region.id);
  json.member("source_entity_id", region.sourceEntityId);
  json.member("kind", region.kind);
  writeBounds(json, "bounds_m", region.minX, region.minZ, region.maxX, region.maxZ);
  json.endObject();
}

}  // namespace

void writeScenery(isla::JsonWriter& json, const isla::World& world, std::size_t index) {
  const isla::WorldSource& source = world.sources[index];
  const isla::Scenery& scenery = world.scenery[index];
  beginDocument(json, "terrain-world.scenery");
  json.member("source_id", source.id);
  json.member("namespace", source.ns);
  writeArray(json, "entities", scenery.entities, writeEntity);
  writeArray(json, "roads", scenery.roads, writeRoad);
  // Imported vegetation and its regions come from a viewer bundle only.
  writeArray(json, "vegetation", scenery.vegetation, writeVegetation);
  writeArray(json, "regions", scenery.regions, writeRegion);
  json.key("assets");
  json.beginObject();
  for (const auto& [id, asset] : scenery.assets) writeAsset(json, asset);
  json.endObject();
  json.key("category_defaults");
  json.beginObject();
  for (const auto& [category, value] : scenery.categoryDefaults) json.member(category, value);
  json.endObject();
  json.endObject();
}

}  // namespace isla_world_export
