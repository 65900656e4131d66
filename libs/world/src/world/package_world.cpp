// SPDX-License-Identifier: MIT
// Every value is read through a Document, whose accessors name the file and
// the JSON pointer of what they refuse: a package that passed its validator
// reads without one, a hostile one is refused, never half-read.
#include "isla/world/package_world.hpp"

#include <algorithm>
#include <cerrno>
#include <fstream>
#include <iterator>
#include <limits>
#include <map>

#include <boost/json.hpp>

#include "height_ramp_biomes.hpp"
#include "isla/base/interrupt.hpp"
#include "isla/base/io_error.hpp"
#include "isla/json/strict_json.hpp"
#include "isla/parallel/parallel.hpp"

namespace isla {

namespace {

namespace fs = std::filesystem;
namespace json = boost::json;

class Document {
 public:
  Document(const fs::path& package, const std::string& relative) : file_((package / relative).string()) {
    std::ifstream in(package / relative, std::ios::binary);
    if (!in) throw IoError(package / relative, "cannot be opened", errno);
    const std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
    std::vector<JsonProblem> problems;
    auto parsed = parseStrictJson(text, problems);
    if (!parsed) fail(problems.front().pointer, problems.front().message);
    root_ = std::move(*parsed);
  }

  [[noreturn]] void fail(const std::string& pointer, const std::string& what) const {
    throw PackageReadError(file_ + ": " + (pointer.empty() ? "" : pointer + ": ") + what +
                           "; check the package with `isla-tool validate`, or compile it again");
  }

  const json::value& at(const std::string& pointer) const {
    boost::system::error_code error;
    const json::value* value = root_.find_pointer(pointer, error);
    if (!value) fail(pointer, "is missing");
    return *value;
  }
  bool has(const std::string& pointer) const {
    boost::system::error_code error;
    const json::value* value = root_.find_pointer(pointer, error);
    return value && !value->is_null();
  }
  double number(const std::string& pointer) const {
    const json::value& value = at(pointer);
    if (!value.is_number()) fail(pointer, "is not a number");
    return value.to_number<double>();
  }
  std::int32_t count(const std::string& pointer, std::int32_t least) const {
    const json::value& value = at(pointer);
    if (!value.is_int64() || value.as_int64() < least || value.as_int64() > std::numeric_limits<std::int32_t>::max()) {
      fail(pointer, "is not a whole number of " + std::to_string(least) + " or more");
    }
    return static_cast<std::int32_t>(value.as_int64());
  }
  std::string text(const std::string& pointer) const {
    const json::value& value = at(pointer);
    if (!value.is_string()) fail(pointer, "is not a string");
    return std::string(value.as_string());
  }
  bool flag(const std::string& pointer) const {
    const json::value& value = at(pointer);
    if (!value.is_bool()) fail(pointer, "is not true or false");
    return value.as_bool();
  }
  std::size_t size(const std::string& pointer) const {
    const json::value& value = at(pointer);
    if (!value.is_array()) fail(pointer, "is not an array");
    return value.as_array().size();
  }
  std::size_t sizeOf(const std::string& pointer, std::size_t wanted) const {
    const std::size_t found = size(pointer);
    if (found != wanted) fail(pointer, "holds " + std::to_string(found) + " values, not " + std::to_string(wanted));
    return found;
  }
  // Calls `read` with the pointer of each element of the array at `pointer`.
  template <class Read>
  void each(const std::string& pointer, Read&& read) const {
    for (std::size_t i = 0, n = size(pointer); i < n; ++i) read(pointer + "/" + std::to_string(i));
  }
  // The string at `pointer`, empty when it is absent or null.
  std::string textOrEmpty(const std::string& pointer) const { return has(pointer) ? text(pointer) : std::string(); }
  Position position(const std::string& pointer) const {
    sizeOf(pointer, 3);
    return {number(pointer + "/0"), number(pointer + "/1"), number(pointer + "/2")};
  }

  // The index of the id at `pointer` in `ids`.
  std::size_t indexOf(const std::map<std::string, std::size_t>& ids, const std::string& pointer) const {
    const std::string id = text(pointer);
    const auto found = ids.find(id);
    if (found == ids.end()) fail(pointer, "names '" + id + "', which the package does not define");
    return found->second;
  }
  // A member of `names` by its name at `pointer`.
  template <class T, std::size_t N>
  T named(const std::array<T, N>& values, std::string_view (*nameOf)(T), const std::string& pointer) const {
    const std::string name = text(pointer);
    for (const T value : values) {
      if (nameOf(value) == name) return value;
    }
    fail(pointer, "is '" + name + "', not one this format knows");
  }

 private:
  std::string file_;
  json::value root_;
};

constexpr std::array<PatchKind, 3> kPatchKinds{PatchKind::Source, PatchKind::Strip, PatchKind::Corner};
constexpr std::array<Axis, 2> kAxes{Axis::X, Axis::Z};

std::string item(const std::string& array, std::size_t index) { return array + "/" + std::to_string(index); }

// Patches in lattice order (World::patch's), with their terrain paths.
void readPatches(const Document& world, World& out, std::vector<std::string>& terrainPaths) {
  const std::int32_t latticeRows = world.count("/lattice/rows", 1), latticeCols = world.count("/lattice/cols", 1);
  if (latticeRows % 2 == 0 || latticeCols % 2 == 0) world.fail("/lattice", "has an even number of rows or columns");
  out.rows = (latticeRows + 1) / 2;
  out.cols = (latticeCols + 1) / 2;
  const std::size_t count =
      world.sizeOf("/patches", static_cast<std::size_t>(latticeRows) * static_cast<std::size_t>(latticeCols));
  out.patches.resize(count);
  terrainPaths.resize(count);
  std::vector<bool> placed(count, false);
  for (std::size_t i = 0; i < count; ++i) {
    const std::string at = item("/patches", i);
    Patch patch;
    patch.id = world.text(at + "/id");
    patch.kind = world.named(kPatchKinds, patchKindName, at + "/kind");
    patch.latticeRow = world.count(at + "/lattice_row", 0);
    patch.latticeCol = world.count(at + "/lattice_col", 0);
    if (patch.latticeRow >= latticeRows || patch.latticeCol >= latticeCols) world.fail(at, "lies outside the lattice");
    world.sizeOf(at + "/origin_m", 2);
    patch.originX = world.number(at + "/origin_m/0");
    patch.originZ = world.number(at + "/origin_m/1");
    patch.pointsX = world.count(at + "/point_count_x", 2);
    patch.pointsZ = world.count(at + "/point_count_z", 2);
    const auto slot = static_cast<std::size_t>(patch.latticeRow * latticeCols + patch.latticeCol);
    if (placed[slot]) world.fail(at, "takes a lattice cell another patch takes");
    placed[slot] = true;
    terrainPaths[slot] = world.text(at + "/terrain/path");
    out.patches[slot] = std::move(patch);
  }
}

// Neighbours and edges by side, once every patch and edge has its index.
void linkPatches(const Document& world, World& out, const std::map<std::string, std::size_t>& patchIds,
                 const std::map<std::string, std::size_t>& edgeIds) {
  for (std::size_t i = 0; i < out.patches.size(); ++i) {
    const std::string at = item("/patches", i);
    Patch& patch = out.patches[patchIds.at(world.text(at + "/id"))];
    for (const Side side : kSides) {
      const std::string name(sideName(side));
      const auto s = static_cast<std::size_t>(side);
      if (world.has(at + "/neighbours/" + name)) patch.neighbours[s] = world.indexOf(patchIds, at + "/neighbours/" + name);
      if (world.has(at + "/boundaries/" + name)) patch.edges[s] = world.indexOf(edgeIds, at + "/boundaries/" + name);
    }
  }
}

std::vector<float> readHeights(const fs::path& package, const std::string& path, const Patch& patch) {
  const Document terrain(package, path);
  if (terrain.text("/patch_id") != patch.id) terrain.fail("/patch_id", "is not '" + patch.id + "'");
  if (terrain.count("/point_count_x", 2) != patch.pointsX || terrain.count("/point_count_z", 2) != patch.pointsZ) {
    terrain.fail("/point_count_x", "and /point_count_z differ from world.json's for " + patch.id);
  }
  std::vector<float> heights;
  heights.reserve(static_cast<std::size_t>(patch.pointsX) * static_cast<std::size_t>(patch.pointsZ));
  terrain.sizeOf("/heights_m", static_cast<std::size_t>(patch.pointsZ));
  for (std::size_t z = 0; z < static_cast<std::size_t>(patch.pointsZ); ++z) {
    const std::string row = item("/heights_m", z);
    terrain.sizeOf(row, static_cast<std::size_t>(patch.pointsX));
    for (const json::value& height : terrain.at(row).as_array()) {
      if (!height.is_number()) terrain.fail(row, "holds a value that is not a number");
      heights.push_back(static_cast<float>(height.to_number<double>()));
    }
  }
  return heights;
}

void readEdges(const fs::path& package, const std::string& path, World& out,
               const std::map<std::string, std::size_t>& patchIds) {
  const Document boundaries(package, path);
  const std::size_t count = boundaries.size("/edges");
  for (std::size_t i = 0; i < count; ++i) {
    const std::string at = item("/edges", i);
    Edge edge;
    edge.id = boundaries.text(at + "/id");
    edge.owner = boundaries.indexOf(patchIds, at + "/owner");
    boundaries.sizeOf(at + "/members", 2);
    for (std::size_t m = 0; m < 2; ++m) {
      const std::string member = item(at + "/members", m);
      edge.members[m] = {boundaries.indexOf(patchIds, member + "/patch_id"),
                         boundaries.named(kSides, sideName, member + "/side")};
    }
    edge.axis = boundaries.named(kAxes, axisName, at + "/axis");
    boundaries.sizeOf(at + "/origin_m", 2);
    edge.originX = boundaries.number(at + "/origin_m/0");
    edge.originZ = boundaries.number(at + "/origin_m/1");
    const std::size_t samples = boundaries.size(at + "/heights_m");
    boundaries.sizeOf(at + "/normals", samples);
    for (std::size_t k = 0; k < samples; ++k) {
      edge.heights.push_back(static_cast<float>(boundaries.number(item(at + "/heights_m", k))));
      const std::string normal = item(at + "/normals", k);
      boundaries.sizeOf(normal, 3);
      edge.normals.push_back({boundaries.number(normal + "/0"), boundaries.number(normal + "/1"),
                              boundaries.number(normal + "/2")});
    }
    // A side's edge samples are its patch's: a shorter edge would be read past its end.
    for (const EdgeMember& member : edge.members) {
      const Patch& patch = out.patches[member.patch];
      const bool alongX = member.side == Side::North || member.side == Side::South;
      if (std::cmp_not_equal(samples, alongX ? patch.pointsX : patch.pointsZ)) {
        boundaries.fail(at + "/heights_m", "does not hold one sample a point of " + patch.id + "'s " +
                                               std::string(sideName(member.side)) + " side");
      }
    }
    out.edges.push_back(std::move(edge));
  }
}

Scenery readScenery(const fs::path& package, const std::string& path) {
  const Document document(package, path);
  Scenery scenery;
  document.each("/entities", [&](const std::string& at) {
    scenery.entities.push_back({.id = document.text(at + "/id"),
                                .sourceEntityId = document.text(at + "/source_entity_id"),
                                .kind = document.text(at + "/kind"),
                                .tier = document.textOrEmpty(at + "/tier"),
                                .highwayNode = document.has(at + "/highway_node") && document.flag(at + "/highway_node"),
                                .position = document.position(at + "/position_m"),
                                .rotationDeg = document.number(at + "/rotation_deg"),
                                .scale = document.number(at + "/scale"),
                                .visible = document.flag(at + "/visible"),
                                .assetId = document.textOrEmpty(at + "/asset_id")});
  });
  document.each("/roads", [&](const std::string& at) {
    SceneryRoad& road = scenery.roads.emplace_back();
    road.id = document.text(at + "/id");
    road.sourceEntityId = document.text(at + "/source_entity_id");
    road.tier = document.text(at + "/tier");
    document.each(at + "/points_m", [&](const std::string& point) { road.points.push_back(document.position(point)); });
  });
  return scenery;
}

void readSources(const fs::path& package, const Document& world, World& out,
                 const std::map<std::string, std::size_t>& patchIds) {
  for (std::size_t i = 0, n = world.size("/sources"); i < n; ++i) {
    const std::string at = item("/sources", i);
    WorldSource source;
    source.id = world.text(at + "/id");
    source.ns = world.text(at + "/namespace");
    source.row = world.count(at + "/row", 0);
    source.col = world.count(at + "/col", 0);
    source.file = world.text(at + "/provenance/file");
    source.sha256 = world.text(at + "/provenance/sha256");
    source.patch = world.indexOf(patchIds, at + "/patch_id");
    Patch& patch = out.patches[source.patch];
    const std::int32_t mapSize = world.count(at + "/map_size", 2);
    if (patch.kind != PatchKind::Source || patch.pointsX != mapSize || patch.pointsZ != mapSize) {
      world.fail(at + "/patch_id", "names " + patch.id + ", which is not a source patch of map_size points a side");
    }
    if (patch.source) world.fail(at + "/patch_id", "names " + patch.id + ", which another source takes");
    patch.source = out.sources.size();
    out.mapSize = mapSize;
    out.scenery.push_back(readScenery(package, world.text(at + "/scenery/path")));
    out.sources.push_back(std::move(source));
  }
  for (const Patch& patch : out.patches) {
    if (patch.kind == PatchKind::Source && !patch.source) world.fail("/sources", "no source takes patch " + patch.id);
  }
}

void readWaterRegions(const Document& world, World& out, const std::map<std::string, std::size_t>& patchIds) {
  std::map<std::string, std::size_t> sourceIds;
  for (std::size_t s = 0; s < out.sources.size(); ++s) sourceIds.emplace(out.sources[s].id, s);
  for (std::size_t i = 0, n = world.size("/water_regions"); i < n; ++i) {
    const std::string at = item("/water_regions", i);
    WaterRegion region;
    region.id = world.text(at + "/id");
    region.source = world.indexOf(sourceIds, at + "/source_id");
    region.patch = world.indexOf(patchIds, at + "/patch_id");
    const std::int32_t body = world.count(at + "/body_id", 0);
    if (body > 65535) world.fail(at + "/body_id", "is above 65535");
    region.bodyId = static_cast<std::uint16_t>(body);
    region.kind = world.text(at + "/kind");
    region.minX = world.number(at + "/footprint_m/min_x");
    region.minZ = world.number(at + "/footprint_m/min_z");
    region.maxX = world.number(at + "/footprint_m/max_x");
    region.maxZ = world.number(at + "/footprint_m/max_z");
    region.levelM = world.number(at + "/level_m");
    out.waterRegions.push_back(std::move(region));
  }
}

void readStats(const fs::path& package, const std::string& path, World& out,
               const std::map<std::string, std::size_t>& patchIds) {
  const Document report(package, path);
  out.stats.resize(out.patches.size());
  report.sizeOf("/patches", out.patches.size());
  for (std::size_t i = 0; i < out.patches.size(); ++i) {
    const std::string at = item("/patches", i);
    out.stats[report.indexOf(patchIds, at + "/patch_id")] = {
        report.number(at + "/min_height_m"), report.number(at + "/max_height_m"),
        report.number(at + "/max_slope_deg"), report.number(at + "/overshoot_m")};
  }
}

// Each source's blueprint: the height ramp's biome classes, from its water
// level (its lowest region's, else its lowest sample) to the world's top.
void rampBlueprints(const Document& world, World& out, const EnumTable& enums) {
  float top = std::numeric_limits<float>::lowest();
  for (const auto& heights : *out.heldHeights) top = std::max(top, *std::max_element(heights.begin(), heights.end()));
  for (std::size_t s = 0; s < out.sources.size(); ++s) {
    WorldSource& source = out.sources[s];
    const std::vector<float>& heights = (*out.heldHeights)[source.patch];
    double level = *std::min_element(heights.begin(), heights.end());
    bool water = false;
    for (const WaterRegion& region : out.waterRegions) {
      if (region.source != s) continue;
      level = water ? std::min(level, region.levelM) : region.levelM;
      water = true;
    }
    auto blueprint = std::make_shared<Blueprint>();
    blueprint->source = source.file;
    blueprint->format = world.text(item("/sources", s) + "/blueprint_format") == "v1" ? SourceFormat::LegacyV1
                                                                                       : SourceFormat::V2;
    source.format = blueprint->format;
    blueprint->mapSize = out.mapSize;
    // No section filled it: the tag says so ("RAMP" is no tag of the format).
    blueprint->roles.push_back(
        {FourCC("RAMP"), BiomeGrid{heightRampBiomes(heights, out.mapSize, level, top, enums)}});
    source.blueprint = std::move(blueprint);
  }
}

}  // namespace

World readPackageWorld(const fs::path& package, const EnumTable& enums, unsigned threads) {
  const Document world(package, "world.json");
  World out;
  out.name = world.text("/name");
  out.settings.spacingM = world.number("/settings/spacing_m");
  if (!(out.settings.spacingM > 0)) world.fail("/settings/spacing_m", "is not above 0");
  out.settings.heightScaleM = world.number("/settings/height_scale_m");
  out.settings.gapCells = world.count("/settings/gap_cells", 0);
  out.settings.slopeWarningDeg = world.number("/settings/slope_warning_deg");

  std::vector<std::string> terrainPaths;
  readPatches(world, out, terrainPaths);
  std::map<std::string, std::size_t> patchIds;
  for (std::size_t p = 0; p < out.patches.size(); ++p) {
    if (!patchIds.emplace(out.patches[p].id, p).second) world.fail("/patches", "define " + out.patches[p].id + " twice");
  }
  readEdges(package, world.text("/boundaries/path"), out, patchIds);
  std::map<std::string, std::size_t> edgeIds;
  for (std::size_t e = 0; e < out.edges.size(); ++e) edgeIds.emplace(out.edges[e].id, e);
  linkPatches(world, out, patchIds, edgeIds);

  auto heights = std::make_shared<std::vector<std::vector<float>>>(out.patches.size());
  parallelFor(out.patches.size(), threads, [&](std::size_t p) {
    checkInterrupted();
    (*heights)[p] = readHeights(package, terrainPaths[p], out.patches[p]);
  });
  out.heldHeights = std::move(heights);

  readSources(package, world, out, patchIds);
  readWaterRegions(world, out, patchIds);
  readStats(package, world.text("/report/path"), out, patchIds);
  rampBlueprints(world, out, enums);
  return out;
}

}  // namespace isla
