// SPDX-License-Identifier: MIT
// scenery/*.json: ids, assets, vegetation and the elevation queries the
// terrain pass answers.
#include "package_checker.hpp"

#include <cmath>
#include <map>

namespace isla::terrain_world {

void PackageCheck::checkScenery(std::size_t index) {
  const SourceEntry& source = model_.sources[index];
  const std::string& file = source.scenery.path;
  const auto document = companion(sceneryFiles_[index], file, "scenery");
  if (!document) {
    sceneryRead_ = false;  // the entity and road counts cannot be checked
    return;
  }
  if (str(document->at("source_id")) != source.id || str(document->at("namespace")) != source.ns) {
    report_.error("world.scenery-source", file, "/source_id",
                  file + " is for source '" + str(document->at("source_id")) + "' (namespace '" +
                      str(document->at("namespace")) + "') but world.json refers to it from source '" + source.id +
                      "' (namespace '" + source.ns + "')");
  }
  const std::string entityPrefix = source.ns + ":entity:", assetPrefix = source.ns + ":asset:";
  const auto& assets = document->at("assets").get_object();
  for (const auto& [key, asset] : assets) {
    const std::string pointer = "/assets/" + std::string(key);
    if (std::string(key) != assetPrefix + str(asset.at("source_asset_id")) || str(asset.at("namespace")) != source.ns) {
      report_.error("world.scenery-id", file, pointer,
                    "asset '" + std::string(key) + "' is not named " + assetPrefix +
                        "<source_asset_id> with namespace '" + source.ns + "'");
    }
  }
  const std::size_t patch = patchIndex(source.patchId);
  auto query = [&](const json::value& point, const std::string& pointer) {
    if (patch == model_.patches.size()) return;
    const auto& p = point.get_array();
    queries_[patch].push_back({real(p[0]), real(p[1]), real(p[2]), file, at(pointer, 1)});
  };
  const auto& entities = document->at("entities").get_array();
  for (std::size_t i = 0; i < entities.size(); ++i) {
    const auto& e = entities[i];
    const std::string pointer = at("/entities", i);
    checkEntityId(e, entityPrefix, file, pointer);
    const std::string asset = str(e.at("asset_id"));
    if (!assets.contains(asset)) {
      report_.error("world.scenery-asset", file, at(pointer, "asset_id"),
                    "asset '" + asset + "' is not in this document's assets; every asset_id names an entry there");
    }
    query(e.at("position_m"), at(pointer, "position_m"));
  }
  const auto& roads = document->at("roads").get_array();
  for (std::size_t i = 0; i < roads.size(); ++i) {
    const std::string pointer = at("/roads", i);
    checkEntityId(roads[i], entityPrefix, file, pointer);
    const auto& points = roads[i].at("points_m").get_array();
    for (std::size_t j = 0; j < points.size(); ++j) query(points[j], at(at(pointer, "points_m"), j));
  }
  const auto& regions = document->at("regions").get_array();
  std::set<std::string> regionIds;
  for (std::size_t i = 0; i < regions.size(); ++i) {
    checkEntityId(regions[i], entityPrefix, file, at("/regions", i));
    regionIds.insert(str(regions[i].at("id")));
  }
  const auto& vegetation = document->at("vegetation").get_array();
  for (std::size_t i = 0; i < vegetation.size(); ++i) {
    const std::string pointer = at("/vegetation", i);
    checkVegetation(vegetation[i], source.ns, regionIds, file, pointer);
    query(vegetation[i].at("position_m"), at(pointer, "position_m"));
  }
  entities_ += entities.size();
  roads_ += roads.size();
}

// The contract's ids: <ns>:imported-vegetation:<source_index>, a model
// reference <ns>:species:..., and a region of this document (scope world)
// or <ns>:external-region:... (scope external).
void PackageCheck::checkVegetation(const json::value& item, const std::string& ns, const std::set<std::string>& regionIds,
                     const std::string& file, const std::string& pointer) {
  const std::string id = str(item.at("id"));
  const std::string expected = ns + ":imported-vegetation:" + std::to_string(item.at("source_index").to_number<std::uint64_t>());
  if (id != expected) {
    report_.error("world.scenery-id", file, at(pointer, "id"),
                  "vegetation '" + id + "' is named " + expected +
                      " (<namespace>:imported-vegetation:<source_index>) in this source");
  }
  const std::string model = str(item.at("model_reference_id"));
  if (!model.starts_with(ns + ":species:")) {
    report_.error("world.scenery-id", file, at(pointer, "model_reference_id"),
                  "model reference '" + model + "' is not in this source's namespace (" + ns + ":species:<key>)");
  }
  const auto& region = item.at("source_region_id");
  const auto& scope = item.at("source_region_scope");
  const std::string regionId = region.is_null() ? "" : str(region);
  const std::string scopeName = scope.is_null() ? "" : str(scope);
  const bool agrees = scopeName == "world"      ? regionIds.contains(regionId)
                      : scopeName == "external" ? regionId.starts_with(ns + ":external-region:")
                                                : region.is_null();
  if (!agrees) {
    report_.error("world.scenery-region", file, at(pointer, "source_region_id"),
                  "region '" + regionId + "' with scope " + (scopeName.empty() ? "null" : scopeName) +
                      ": scope world names a region of this document, external a " + ns +
                      ":external-region:<id>, and null has no region");
  }
}

void PackageCheck::checkEntityId(const json::value& entity, const std::string& prefix, const std::string& file,
                   const std::string& pointer) {
  const std::string id = str(entity.at("id")), native = str(entity.at("source_entity_id"));
  if (id != prefix + native) {
    report_.error("world.scenery-id", file, at(pointer, "id"),
                  "entity '" + id + "' is named " + prefix + native +
                      " (<namespace>:entity:<source_entity_id>) in this source");
  }
}

}  // namespace isla::terrain_world
