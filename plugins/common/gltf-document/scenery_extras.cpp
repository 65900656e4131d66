// SPDX-License-Identifier: MIT
#include "scenery_extras.hpp"

namespace isla_gltf {

boost::json::array worldPoint(const isla::Position& p) { return {p[0], p[1], p[2]}; }

boost::json::object townExtras(const isla::World& world, std::size_t source, const isla::SceneryEntity& town) {
  return {{"id", town.id},
          {"source_entity_id", town.sourceEntityId},
          {"source", world.sources[source].id},
          {"kind", town.kind},
          {"tier", town.tier},
          {"highway_node", town.highwayNode},
          {"asset_id", town.assetId},
          {"rotation_deg", town.rotationDeg},
          {"scale", town.scale},
          {"visible", town.visible}};
}

boost::json::object roadExtras(const isla::World& world, std::size_t source, const isla::SceneryRoad& road) {
  boost::json::array points;
  for (const isla::Position& p : road.points) points.emplace_back(worldPoint(p));
  return {{"id", road.id},
          {"source_entity_id", road.sourceEntityId},
          {"source", world.sources[source].id},
          {"tier", road.tier},
          {"points_m", std::move(points)}};
}

boost::json::object waterExtras(const isla::World& world, const isla::WaterRegion& region) {
  return {{"id", region.id},
          {"kind", region.kind},
          {"body_id", region.bodyId},
          {"source", world.sources[region.source].id},
          {"patch", world.patches[region.patch].id},
          {"level_m", region.levelM},
          {"footprint_m", {region.minX, region.minZ, region.maxX, region.maxZ}}};
}

}  // namespace isla_gltf
