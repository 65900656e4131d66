// SPDX-License-Identifier: MIT
// What the package's documents share: their first two keys, points, bounds
// and the file names of companion documents.
#include <array>

#include "documents.hpp"

namespace isla_world_export {

std::string terrainPath(const isla::Patch& patch) { return "terrain/" + patch.id + ".json"; }
std::string sceneryPath(const isla::WorldSource& source) { return "scenery/" + source.id + ".json"; }

void beginDocument(isla::JsonWriter& json, std::string_view format) {
  json.beginObject();
  json.member("format", format);
  json.member("schema_version", 1);
}

void writePoint(isla::JsonWriter& json, std::string_view key, double x, double z) {
  json.key(key);
  json.numbers(std::array{x, z});
}

void writeBounds(isla::JsonWriter& json, std::string_view key, double minX, double minZ, double maxX,
                 double maxZ) {
  json.key(key);
  json.beginObject();
  json.member("min_x", minX);
  json.member("min_z", minZ);
  json.member("max_x", maxX);
  json.member("max_z", maxZ);
  json.endObject();
}

}  // namespace isla_world_export
