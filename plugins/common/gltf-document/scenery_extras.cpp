// SPDX-License-Identifier: MIT
#include "scenery_extras.hpp"

namespace isla_gltf {

boost::json::array worldPoint(const isla::Position& p, const boost::json::storage_ptr& storage) {
  return boost::json::array({p[0], p[1], p[2]}, storage);
}

boost::json::object townExtras(const isla::World& world, std::size_t source, const isla::SceneryEntity& town,
                               const boost::json::storage_ptr& storage) {
  return boost::json::object({{"id", town.id},
          {"source_entity_id", town.sourceEntityId},
          {"source", world.sources[source].id},
          {"kind", town.kind},
          {"tier", town.tier},
          {"highway_node", town.highwayNode},
          {"asset_id", town.assetId},
          {"rotation_deg", town.rotationDeg},
          {"scale", town.scale},
          {"visible", town.visible}}, storage);
}

boost::json::object roadExtras(const isla::World& world, std::size_t source, const isla::SceneryRoad& road,
                               const boost::json::storage_ptr& storage) {
  boost::json::array points(storage);
  points.reserve(road.points.size());
  for (const isla::Position& p : road.points) points.emplace_back(worldPoint(p, storage));
  return boost::json::object({{"id", road.id},
          {"source_entity_id", road.sourceEntityId},
          {"source", world.sources[source].id},
          {"tier", road.tier},
          {"points_m", std::move(points)}}, storage);
}

boost::json::object waterExtras(const isla::World& world, const isla::WaterRegion& region,
                                const boost::json::storage_ptr& storage) {
  return boost::json::object({{"id", region.id},
          {"kind", region.kind},
          {"body_id", region.bodyId},
          {"source", world.sources[region.source].id},
          {"patch", world.patches[region.patch].id},
          {"level_m", region.levelM},
          {"footprint_m", {region.minX, region.minZ, region.maxX, region.maxZ}}}, storage);
}

}  // namespace isla_gltf
