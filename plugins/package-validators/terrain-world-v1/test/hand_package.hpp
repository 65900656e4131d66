// SPDX-License-Identifier: MIT
// A valid hand-written 1 x 1 Terrain World package, for the validator's and
// the command line's tests: edit a document, then write() fixes the hashes.
#pragma once

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <isla/json/json_text.hpp>
#include <isla/publish/sha256.hpp>

namespace isla::test {

inline std::string readText(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

inline void writeText(const std::filesystem::path& path, const std::string& text) {
  std::filesystem::create_directories(path.parent_path());
  std::ofstream(path, std::ios::binary) << text;
}

inline std::string hashOf(const std::filesystem::path& path) { return sha256OfFile(path); }

// The 1 x 1 package: heights rise 0.5 m a metre eastwards, so every triangle
// has the slope atan(0.5); the town at (1.5, 0.5) lies at 0.75 m.
struct HandPackage {
  boost::json::value world = boost::json::parse(R"({
    "format": "terrain-world.world", "schema_version": 1, "name": "tiny",
    "generator": {"name": "isla-tool", "version": "0.1.0"},
    "settings": {"spacing_m": 1, "height_scale_m": 251, "gap_cells": 2, "slope_warning_deg": 35},
    "sources": [{"id": "a", "namespace": "a", "row": 0, "col": 0, "map_size": 3, "blueprint_format": "v2",
                 "patch_id": "p-0-0",
                 "provenance": {"file": "a.dat", "sha256": "0000000000000000000000000000000000000000000000000000000000000000"},
                 "scenery": {"path": "scenery/a.json", "sha256": ""}}],
    "lattice": {"rows": 1, "cols": 1},
    "patches": [{"id": "p-0-0", "kind": "source", "lattice_row": 0, "lattice_col": 0, "source_id": "a",
                 "origin_m": [0, 0], "bounds_m": {"min_x": 0, "min_z": 0, "max_x": 2, "max_z": 2},
                 "point_count_x": 3, "point_count_z": 3, "neighbours": {}, "boundaries": {},
                 "terrain": {"path": "terrain/p-0-0.json", "sha256": ""}}],
    "boundaries": {"path": "boundaries.json", "sha256": ""},
    "report": {"path": "compilation-report.json", "sha256": ""},
    "water_regions": [{"id": "a:water:1", "source_id": "a", "patch_id": "p-0-0", "body_id": 1, "kind": "ocean",
                       "footprint_m": {"min_x": 0, "min_z": 0, "max_x": 2, "max_z": 2}, "level_m": 0.25}]
  })");
  std::string terrain = R"({"format": "terrain-world.terrain", "schema_version": 1, "patch_id": "p-0-0",
    "spacing_m": 1, "origin_m": [0, 0], "point_count_x": 3, "point_count_z": 3,
    "heights_m": [
[0,0.5,1],
[0,0.5,1],
[0,0.5,1]
    ]})";
  boost::json::value boundaries = boost::json::parse(R"({"format": "terrain-world.boundaries", "schema_version": 1, "edges": []})");
  boost::json::value report = boost::json::parse(R"({"format": "terrain-world.report", "schema_version": 1,
    "counts": {"sources": 1, "patches": 1, "source_patches": 1, "strip_patches": 0, "corner_patches": 0,
               "boundary_edges": 0, "water_regions": 1, "entities": 1, "roads": 1, "warnings": 0},
    "slope_warning_deg": 35,
    "patches": [{"patch_id": "p-0-0", "kind": "source", "min_height_m": 0, "max_height_m": 1,
                 "max_slope_deg": 26.56505117707799, "overshoot_m": 0}],
    "warnings": []})");
  boost::json::value scenery = boost::json::parse(R"({"format": "terrain-world.scenery", "schema_version": 1,
    "source_id": "a", "namespace": "a",
    "entities": [{"id": "a:entity:town-0", "source_entity_id": "town-0", "kind": "town", "tier": "Village",
                  "highway_node": false, "position_m": [1.5, 0.75, 0.5], "rotation_deg": 0, "scale": 1,
                  "visible": true, "asset_id": "a:asset:town-village"}],
    "roads": [{"id": "a:entity:road-trail-0", "source_entity_id": "road-trail-0", "kind": "road", "tier": "trail",
               "points_m": [[0, 0, 0], [2, 1, 2]]}],
    "vegetation": [], "regions": [],
    "assets": {"a:asset:town-village": {"source_asset_id": "town-village", "namespace": "a", "category": null,
                                        "resource": null, "resolution": "unresolved"}},
    "category_defaults": {}})");

  // Writes the companions, then world.json with their hashes.
  void write(const std::filesystem::path& dir) {
    writeText(dir / "terrain/p-0-0.json", terrain);
    writeText(dir / "boundaries.json", boost::json::serialize(boundaries));
    writeText(dir / "compilation-report.json", boost::json::serialize(report));
    writeText(dir / "scenery/a.json", boost::json::serialize(scenery));
    auto& w = world.as_object();
    auto hash = [&](boost::json::value& ref) {
      const std::filesystem::path file = dir / std::string(ref.at("path").as_string());
      ref.as_object()["sha256"] = std::filesystem::exists(file) ? hashOf(file) : std::string(64, '0');
    };
    hash(w["sources"].as_array()[0].as_object()["scenery"]);
    hash(w["patches"].as_array()[0].as_object()["terrain"]);
    hash(w["boundaries"]);
    hash(w["report"]);
    writeText(dir / "world.json", toJsonText(world) + "\n");
  }
};

}  // namespace isla::test
