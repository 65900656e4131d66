// SPDX-License-Identifier: MIT
// compilation-report.json: counts, the slope threshold, each patch's
// figures and the warnings, all as the World's builder computed them.
#include <algorithm>

#include "documents.hpp"

namespace isla_world_export {

namespace {

std::size_t patchesOf(const isla::World& world, isla::PatchKind kind) {
  return static_cast<std::size_t>(std::ranges::count(world.patches, kind, &isla::Patch::kind));
}

void writeCounts(isla::JsonWriter& json, const isla::World& world) {
  std::size_t entities = 0;
  std::size_t roads = 0;
  for (const isla::Scenery& scenery : world.scenery) {
    entities += scenery.entities.size();
    roads += scenery.roads.size();
  }
  json.key("counts");
  json.beginObject();
  json.member("sources", world.sources.size());
  json.member("patches", world.patches.size());
  json.member("source_patches", patchesOf(world, isla::PatchKind::Source));
  json.member("strip_patches", patchesOf(world, isla::PatchKind::Strip));
  json.member("corner_patches", patchesOf(world, isla::PatchKind::Corner));
  json.member("boundary_edges", world.edges.size());
  json.member("water_regions", world.waterRegions.size());
  json.member("entities", entities);
  json.member("roads", roads);
  json.member("warnings", world.warnings.size());
  json.endObject();
}

}  // namespace

void writeReport(isla::JsonWriter& json, const isla::World& world) {
  beginDocument(json, "terrain-world.report");
  writeCounts(json, world);
  json.member("slope_warning_deg", world.settings.slopeWarningDeg);
  json.key("patches");
  json.beginArray();
  for (std::size_t i = 0; i < world.patches.size(); ++i) {
    const isla::PatchStats& stats = world.stats.at(i);
    json.beginObject();
    json.member("patch_id", world.patches[i].id);
    json.member("kind", isla::patchKindName(world.patches[i].kind));
    json.member("min_height_m", stats.minHeightM);
    json.member("max_height_m", stats.maxHeightM);
    json.member("max_slope_deg", stats.maxSlopeDeg);
    json.member("overshoot_m", stats.overshootM);
    json.endObject();
  }
  json.endArray();
  json.key("warnings");
  json.beginArray();
  for (const isla::WorldWarning& warning : world.warnings) {
    json.beginObject();
    json.member("code", warning.code);
    json.member("subject", warning.subject);
    json.member("message", warning.message);
    json.endObject();
  }
  json.endArray();
  json.endObject();
}

}  // namespace isla_world_export
