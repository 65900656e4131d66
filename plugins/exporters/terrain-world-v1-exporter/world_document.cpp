// SPDX-License-Identifier: MIT
// world.json: the descriptor that ties the package together. Written last,
// since it holds the SHA-256 of every other document.
#include "documents.hpp"

namespace isla_world_export {

namespace {

void writeReference(isla::JsonWriter& json, std::string_view key, const FileReference& reference) {
  json.key(key);
  json.beginObject();
  json.member("path", reference.path);
  json.member("sha256", reference.sha256);
  json.endObject();
}

void writeSettings(isla::JsonWriter& json, const isla::WorldSettings& settings) {
  json.key("settings");
  json.beginObject();
  json.member("spacing_m", settings.spacingM);
  json.member("height_scale_m", settings.heightScaleM);
  json.member("gap_cells", settings.gapCells);
  json.member("slope_warning_deg", settings.slopeWarningDeg);
  json.endObject();
}

// The file as the layout names it; a bundle's id and the hash of each of its
// members' inflated bytes too, so that repacking one shows.
void writeProvenance(isla::JsonWriter& json, const isla::WorldSource& source) {
  json.key("provenance");
  json.beginObject();
  json.member("file", source.file);
  json.member("sha256", source.sha256);
  if (source.bundle) {
    json.member("bundle_id", source.bundle->metadata.bundleId);
    json.key("members");
    json.beginArray();
    for (const isla::BundleMember& member : source.bundle->members) {
      json.beginObject();
      json.member("name", member.name);
      json.member("sha256", member.sha256);
      json.endObject();
    }
    json.endArray();
  }
  json.endObject();
}

void writeSources(isla::JsonWriter& json, const isla::World& world, const PackageReferences& references) {
  json.key("sources");
  json.beginArray();
  for (std::size_t i = 0; i < world.sources.size(); ++i) {
    const isla::WorldSource& source = world.sources[i];
    json.beginObject();
    json.member("id", source.id);
    json.member("namespace", source.ns);
    json.member("row", source.row);
    json.member("col", source.col);
    json.member("map_size", world.mapSize);
    json.member("blueprint_format", source.format == isla::SourceFormat::V2 ? "v2" : "v1");
    json.member("patch_id", world.patches[source.patch].id);
    writeProvenance(json, source);
    writeReference(json, "scenery", references.scenery[i]);
    json.endObject();
  }
  json.endArray();
}

// `neighbours` or `boundaries`: north, east, south, west, perimeter sides left out.
template <class Name>
void writeSides(isla::JsonWriter& json, std::string_view key, const std::array<std::optional<std::size_t>, 4>& by,
                Name name) {
  json.key(key);
  json.beginObject();
  for (const isla::Side side : isla::kSides) {
    if (const auto& index = by[static_cast<std::size_t>(side)]) json.member(isla::sideName(side), name(*index));
  }
  json.endObject();
}

void writePatches(isla::JsonWriter& json, const isla::World& world, const PackageReferences& references) {
  const double spacing = world.settings.spacingM;
  json.key("patches");
  json.beginArray();
  for (std::size_t i = 0; i < world.patches.size(); ++i) {
    const isla::Patch& patch = world.patches[i];
    json.beginObject();
    json.member("id", patch.id);
    json.member("kind", isla::patchKindName(patch.kind));
    json.member("lattice_row", patch.latticeRow);
    json.member("lattice_col", patch.latticeCol);
    json.key("source_id");
    if (patch.source) {
      json.value(world.sources[*patch.source].id);
    } else {
      json.value(nullptr);
    }
    writePoint(json, "origin_m", patch.originX, patch.originZ);
    writeBounds(json, "bounds_m", patch.originX, patch.originZ, patch.maxX(spacing), patch.maxZ(spacing));
    json.member("point_count_x", patch.pointsX);
    json.member("point_count_z", patch.pointsZ);
    writeSides(json, "neighbours", patch.neighbours, [&](std::size_t p) { return world.patches[p].id; });
    writeSides(json, "boundaries", patch.edges, [&](std::size_t e) { return world.edges[e].id; });
    writeReference(json, "terrain", references.terrain[i]);
    json.endObject();
  }
  json.endArray();
}

void writeWaterRegions(isla::JsonWriter& json, const isla::World& world) {
  json.key("water_regions");
  json.beginArray();
  for (const isla::WaterRegion& region : world.waterRegions) {
    json.beginObject();
    json.member("id", region.id);
    json.member("source_id", world.sources[region.source].id);
    json.member("patch_id", world.patches[region.patch].id);
    json.member("body_id", region.bodyId);
    json.member("kind", region.kind);
    writeBounds(json, "footprint_m", region.minX, region.minZ, region.maxX, region.maxZ);
    json.member("level_m", region.levelM);
    json.endObject();
  }
  json.endArray();
}

}  // namespace

void writeWorld(isla::JsonWriter& json, const isla::World& world, const PackageReferences& references) {
  beginDocument(json, "terrain-world.world");
  json.member("name", world.name);
  json.key("generator");
  json.beginObject();
  json.member("name", "isla-tool");
  json.member("version", ISLA_TOOL_VERSION);
  json.endObject();
  writeSettings(json, world.settings);
  writeSources(json, world, references);
  json.key("lattice");
  json.beginObject();
  json.member("rows", world.latticeRows());
  json.member("cols", world.latticeCols());
  json.endObject();
  writePatches(json, world, references);
  writeReference(json, "boundaries", references.boundaries);
  writeReference(json, "report", references.report);
  writeWaterRegions(json, world);
  json.endObject();
}

}  // namespace isla_world_export
