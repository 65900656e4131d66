// SPDX-License-Identifier: MIT
#include "tileset_json.hpp"

#include <isla/document/json_writer.hpp>
#include <isla/publish/file_writer.hpp>

#include <array>
#include <cmath>

#include "enu_frame.hpp"
#include "scenery_content.hpp"

namespace isla_3dtiles {

namespace {

// The box in the tileset's frame: x east, y north (world -Z), z up, which
// is where 3D Tiles puts glTF's Y-up content (x, y, z) -> (x, -z, y).
void box(isla::JsonWriter& json, const BoxBounds& b) {
  const std::array<double, 12> values{(b.minX + b.maxX) / 2, -(b.minZ + b.maxZ) / 2, (b.minY + b.maxY) / 2,
                                      (b.maxX - b.minX) / 2, 0, 0, 0, (b.maxZ - b.minZ) / 2, 0, 0, 0,
                                      (b.maxY - b.minY) / 2};
  json.key("boundingVolume");
  json.beginObject();
  json.key("box");
  json.numbers(values);
  json.endObject();
}

void contentTile(isla::JsonWriter& json, const BoxBounds& bounds, const char* uri) {
  json.beginObject();
  box(json, bounds);
  json.member("geometricError", 0.0);
  json.key("content");
  json.beginObject();
  json.member("uri", uri);
  json.endObject();
  json.endObject();
}

void terrainTile(isla::JsonWriter& json, const std::vector<LevelSummaries>& levels, const TileKey& key) {
  const TileSummary& tile = levels[static_cast<std::size_t>(key.level)].at(key.x, key.z);
  json.beginObject();
  box(json, tile.bounds);
  json.member("geometricError", tile.errorM);
  if (key.level == 0) json.member("refine", "REPLACE");
  json.key("content");
  json.beginObject();
  json.member("uri", tileUri(key));
  json.endObject();
  if (tile.errorM != tile.measuredErrorM) {
    json.key("extras");
    json.beginObject();
    json.member("measured_error_m", tile.measuredErrorM);
    json.endObject();
  }
  if (static_cast<std::size_t>(key.level) + 1 < levels.size()) {
    const LevelSummaries& below = levels[static_cast<std::size_t>(key.level) + 1];
    json.key("children");
    json.beginArray();
    for (std::int64_t z = 2 * key.z; z <= 2 * key.z + 1; ++z) {
      for (std::int64_t x = 2 * key.x; x <= 2 * key.x + 1; ++x) {
        if (x < below.columns && z < below.rows && below.at(x, z).exists) {
          terrainTile(json, levels, {key.level + 1, x, z});
        }
      }
    }
    json.endArray();
  }
  json.endObject();
}

}  // namespace

std::string tileUri(const TileKey& key) { return std::string(kTileDirectory) + "/" + key.name() + ".glb"; }

void writeTileset(const std::filesystem::path& stage, const TilesOptions& options,
                  const std::vector<LevelSummaries>& levels, const Extras& extras) {
  const TileSummary& terrain = levels.front().at(0, 0);
  BoxBounds all = terrain.bounds;
  all.add(extras.water);
  all.add(extras.scenery);
  // Leaving out everything costs the whole relief; above the terrain root's error all the same.
  const double topError = std::max(all.maxY - all.minY, terrain.errorM + kErrorStepM);
  isla::FileWriter file = isla::FileWriter::create(stage / kTilesetJson);
  isla::JsonWriter json(file);
  json.beginObject();
  json.key("asset");
  json.beginObject();
  json.member("version", "1.1");
  json.member("generator", "isla-tool 3dtiles exporter");
  json.endObject();
  json.member("geometricError", topError);
  json.key("root");
  json.beginObject();
  if (options.origin) {
    json.key("transform");
    json.numbers(enuToEcef(*options.origin));
  }
  box(json, all);
  json.member("geometricError", topError);
  json.member("refine", "ADD");
  json.key("children");
  json.beginArray();
  terrainTile(json, levels, {0, 0, 0});
  if (!extras.water.empty()) contentTile(json, extras.water, kWaterGlb);
  if (!extras.scenery.empty()) contentTile(json, extras.scenery, kSceneryGlb);
  json.endArray();
  json.endObject();
  json.endObject();
  json.finish();
  file.close();
}

}  // namespace isla_3dtiles
