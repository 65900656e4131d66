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

// Whether a tile starts a tileset file of its own: every kLevelsAFile
// levels up from the leaves, the root's file holding the rest above.
bool startsFile(std::int32_t level, std::int32_t leaf) {
  return level > 0 && (leaf - level + 1) % kLevelsAFile == 0;
}

// Writes a tile and its descendants down to the tiles that start files of
// their own, which it names (relative to `prefix`, the tiles' directory as
// the file sees it) and adds to `files`.
void terrainTile(isla::JsonWriter& json, const std::vector<LevelSummaries>& levels, const TileKey& key,
                 const std::string& prefix, bool fileRoot, std::vector<TileKey>& files) {
  const TileSummary& tile = levels[static_cast<std::size_t>(key.level)].at(key.x, key.z);
  const auto leaf = static_cast<std::int32_t>(levels.size()) - 1;
  json.beginObject();
  box(json, tile.bounds);
  json.member("geometricError", tile.errorM);
  if (fileRoot) json.member("refine", "REPLACE");
  json.key("content");
  json.beginObject();
  json.member("uri", prefix + key.name() + ".glb");
  json.endObject();
  if (tile.errorM != tile.measuredErrorM) {
    json.key("extras");
    json.beginObject();
    json.member("measured_error_m", tile.measuredErrorM);
    json.endObject();
  }
  if (key.level < leaf) {
    const LevelSummaries& below = levels[static_cast<std::size_t>(key.level) + 1];
    std::vector<TileKey> children;
    for (std::int64_t z = 2 * key.z; z <= 2 * key.z + 1; ++z) {
      for (std::int64_t x = 2 * key.x; x <= 2 * key.x + 1; ++x) {
        if (x < below.columns && z < below.rows && below.at(x, z).exists) children.push_back({key.level + 1, x, z});
      }
    }
    if (!children.empty()) {
      json.key("children");
      json.beginArray();
      for (const TileKey& child : children) {
        if (!startsFile(child.level, leaf)) {
          terrainTile(json, levels, child, prefix, false, files);
          continue;
        }
        // The tile's place, and its tileset file for content: a reader refines into it.
        const TileSummary& summary = levels[static_cast<std::size_t>(child.level)].at(child.x, child.z);
        json.beginObject();
        box(json, summary.bounds);
        json.member("geometricError", summary.errorM);
        json.key("content");
        json.beginObject();
        json.member("uri", prefix + child.name() + ".json");
        json.endObject();
        json.endObject();
        files.push_back(child);
      }
      json.endArray();
    }
  }
  json.endObject();
}

void asset(isla::JsonWriter& json) {
  json.key("asset");
  json.beginObject();
  json.member("version", "1.1");
  json.member("generator", "isla-tool 3dtiles exporter");
  json.endObject();
}

// tiles/<key>.json: the tile and its descendants down to the next files'.
void writeTileFile(const std::filesystem::path& stage, const std::vector<LevelSummaries>& levels, const TileKey& key,
                   std::vector<TileKey>& files) {
  isla::FileWriter file = isla::FileWriter::create(stage / tileFileUri(key));
  isla::JsonWriter json(file);
  json.beginObject();
  asset(json);
  json.member("geometricError", levels[static_cast<std::size_t>(key.level)].at(key.x, key.z).errorM);
  json.key("root");
  terrainTile(json, levels, key, "", true, files);
  json.endObject();
  json.finish();
  file.close();
}

}  // namespace

std::string tileUri(const TileKey& key) { return std::string(kTileDirectory) + "/" + key.name() + ".glb"; }

std::string tileFileUri(const TileKey& key) { return std::string(kTileDirectory) + "/" + key.name() + ".json"; }

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
  std::vector<TileKey> files;
  json.beginObject();
  asset(json);
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
  terrainTile(json, levels, {0, 0, 0}, std::string(kTileDirectory) + "/", true, files);
  if (!extras.water.empty()) contentTile(json, extras.water, kWaterGlb);
  if (!extras.scenery.empty()) contentTile(json, extras.scenery, kSceneryGlb);
  json.endArray();
  json.endObject();
  json.endObject();
  json.finish();
  file.close();
  while (!files.empty()) {
    const TileKey key = files.back();
    files.pop_back();
    writeTileFile(stage, levels, key, files);
  }
}

}  // namespace isla_3dtiles
