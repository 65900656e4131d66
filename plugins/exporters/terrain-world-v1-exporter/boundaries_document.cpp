// SPDX-License-Identifier: MIT
// boundaries.json: every shared edge with its owner, members, canonical
// heights and normals, one array a line.
#include <array>

#include "documents.hpp"

namespace isla_world_export {

namespace {

void writeEdge(isla::JsonWriter& json, const isla::World& world, const isla::Edge& edge) {
  json.beginObject();
  json.member("id", edge.id);
  json.member("owner", world.patches[edge.owner].id);
  json.key("members");
  json.beginArray();
  for (const isla::EdgeMember& member : edge.members) {
    json.beginObject();
    json.member("patch_id", world.patches[member.patch].id);
    json.member("side", isla::sideName(member.side));
    json.endObject();
  }
  json.endArray();
  writePoint(json, "origin_m", edge.originX, edge.originZ);
  json.member("axis", isla::axisName(edge.axis));
  json.member("spacing_m", world.settings.spacingM);
  json.member("point_count", edge.heights.size());
  json.key("heights_m");
  json.numbers(edge.heights);
  json.key("normals");
  json.beginCompactArray();
  for (const isla::Normal& normal : edge.normals) json.numbers(std::array{normal.x, normal.y, normal.z});
  json.endArray();
  json.endObject();
}

}  // namespace

void writeBoundaries(isla::JsonWriter& json, const isla::World& world) {
  beginDocument(json, "terrain-world.boundaries");
  json.key("edges");
  json.beginArray();
  for (const isla::Edge& edge : world.edges) writeEdge(json, world, edge);
  json.endArray();
  json.endObject();
}

}  // namespace isla_world_export
