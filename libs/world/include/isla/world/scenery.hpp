// SPDX-License-Identifier: MIT
// One source's scenery in world coordinates: entities (towns), semantic road
// polylines, imported vegetation and its regions (from a viewer bundle),
// and the assets they reference.
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

// A region of a viewer bundle's vegetation.json, as a namespaced entity.
struct SceneryRegion {
  std::string id;              // "<namespace>:entity:region-<source id>"
  std::string sourceEntityId;  // "region-<source id>"
  std::string kind;            // "forest", ...
  double minX = 0, minZ = 0, maxX = 0, maxZ = 0;  // world metres
};

// One imported vegetation instance; the source index is its position in
// the bundle's vegetation.json.
struct SceneryVegetation {
  std::string id;  // "<namespace>:imported-vegetation:<source index>"
  std::size_t sourceIndex = 0;
  std::string species;
  std::string modelReferenceId;  // "<namespace>:species:<model or species>"
  Position position{};
  double rotationDeg = 0;
  double scale = 1;
  bool visible = true;
  // A region of this scenery ("world"), or "<namespace>:external-region:<id>"
  // for one whose geometry the bundle does not hold ("external").
  std::optional<std::string> sourceRegionId;
  std::optional<std::string> sourceRegionScope;
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
  std::vector<SceneryVegetation> vegetation;
  std::vector<SceneryRegion> regions;
  std::map<std::string, SceneryAsset> assets;  // by id
  std::map<std::string, std::string> categoryDefaults;
};

}  // namespace isla
