// SPDX-License-Identifier: MIT
// The documents of a Terrain World v1 package (docs/terrain-world-package.md),
// each streamed onto a JsonWriter from the World.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include <isla/document/json_writer.hpp>
#include <isla/world/world.hpp>

namespace isla_world_export {

// A companion file as world.json references it.
struct FileReference {
  std::string path;  // relative POSIX path inside the package
  std::string sha256;
};

struct PackageReferences {
  std::vector<FileReference> terrain;  // one a patch, by patch index
  std::vector<FileReference> scenery;  // one a source, by source index
  FileReference boundaries;
  FileReference report;
};

std::string terrainPath(const isla::Patch& patch);
std::string sceneryPath(const isla::WorldSource& source);
inline constexpr std::string_view kBoundariesPath = "boundaries.json";
inline constexpr std::string_view kReportPath = "compilation-report.json";
inline constexpr std::string_view kWorldPath = "world.json";

class TerrainCheck;

// Formats on `threads` threads, handing each row to `check` when there is
// one; `rowsWritten` is called from the calling thread as rows of heights
// are written, for progress.
void writeTerrain(isla::JsonWriter& json, const isla::World& world, std::size_t patch, unsigned threads,
                  TerrainCheck* check, const std::function<void(std::int32_t rows)>& rowsWritten);
void writeScenery(isla::JsonWriter& json, const isla::World& world, std::size_t source);
void writeBoundaries(isla::JsonWriter& json, const isla::World& world);
void writeReport(isla::JsonWriter& json, const isla::World& world);
void writeWorld(isla::JsonWriter& json, const isla::World& world, const PackageReferences& references);

// The parts several documents share.
void beginDocument(isla::JsonWriter& json, std::string_view format);
void writePoint(isla::JsonWriter& json, std::string_view key, double x, double z);
void writeBounds(isla::JsonWriter& json, std::string_view key, double minX, double minZ, double maxX, double maxZ);
// KEY: [item, ...], each item written by `write`.
template <class Items, class Write>
void writeArray(isla::JsonWriter& json, std::string_view key, const Items& items, const Write& write) {
  json.key(key);
  json.beginArray();
  for (const auto& item : items) write(json, item);
  json.endArray();
}

}  // namespace isla_world_export
