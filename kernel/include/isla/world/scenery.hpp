// SPDX-License-Identifier: MIT
// One source's scenery in world coordinates: entities (towns), semantic road
// polylines, imported vegetation, regions, and the assets they reference.
#pragma once

#include <array>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace isla {

using Position = std::array<double, 3>;  // world metres [x, y, z]

struct SceneryEntity {
  std::string id;              // "<namespace>:entity:<source id>"
  std::string sourceEntityId;  // "town-3"
  std::string kind;            // "town"
  std::string tier;            // the TownTier name
  bool highwayNode = false;
  Position position{};
  double rotationDeg = 0;
  double scale = 1;
  bool visible = true;
  std::string assetId;  // "<namespace>:asset:town-<tier>"
};

struct SceneryRoad {
  std::string id;              // "<namespace>:entity:road-<tier>-<index>"
  std::string sourceEntityId;  // "road-highway-0"
  std::string tier;            // "highway", "branch", "rugged", "trail"
  std::vector<Position> points;
};

struct SceneryAsset {
  std::string id;             // "<namespace>:asset:<source id>"
  std::string sourceAssetId;
  std::string ns;
  std::optional<std::string> category;  // null when unresolved
  std::optional<std::string> resource;
  std::string resolution;  // "external-reference" or "unresolved"
};

struct Scenery {
  std::vector<SceneryEntity> entities;
  std::vector<SceneryRoad> roads;
  std::map<std::string, SceneryAsset> assets;  // by id
  std::map<std::string, std::string> categoryDefaults;
};

}  // namespace isla
