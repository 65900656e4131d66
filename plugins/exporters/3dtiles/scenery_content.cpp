// SPDX-License-Identifier: MIT
// A node's translation carries its place in the world, so that its vertices
// are small float32 offsets from it, whatever the size of the world.
#include "scenery_content.hpp"

#include <array>
#include <cstdint>
#include <optional>
#include <utility>
#include <span>
#include <vector>

#include "glb_file.hpp"
#include "gltf_document.hpp"
#include "scenery_extras.hpp"
#include "scenery_metadata.hpp"

namespace isla_3dtiles {

namespace {

using isla_gltf::GltfDocument;

// A .glb's one buffer, growing as accessors are added.
class GlbBuilder {
 public:
  GlbBuilder() { document.add("buffers", {{"byteLength", 0}}); }

  std::size_t addFloats(const std::vector<float>& values, const char* type, std::uint64_t count) {
    const std::uint64_t offset = bin_.size();
    const auto bytes = std::as_bytes(std::span(values));
    bin_.insert(bin_.end(), bytes.begin(), bytes.end());
    return document.addAccessor(0, offset, bytes.size(), isla_gltf::kArrayBuffer, isla_gltf::kFloat, count, type);
  }
  std::size_t addPositions(const std::vector<float>& xyz) {
    const std::size_t accessor = addFloats(xyz, "VEC3", xyz.size() / 3);
    const auto [min, max] = isla_gltf::positionBounds(xyz);
    document.setBounds(accessor, min, max);
    return accessor;
  }
  // A buffer view of raw bytes (metadata), eight-byte aligned as EXT_structural_metadata wants.
  std::size_t addView(std::span<const std::byte> bytes) {
    bin_.resize((bin_.size() + 7) / 8 * 8, std::byte{0});
    const std::uint64_t offset = bin_.size();
    bin_.insert(bin_.end(), bytes.begin(), bytes.end());
    const std::size_t view = document.add("bufferViews", {{"buffer", 0}, {"byteOffset", offset}, {"byteLength", bytes.size()}});
    bin_.resize((bin_.size() + 3) / 4 * 4, std::byte{0});
    return view;
  }
  // The last use of the builder: its document gives its objects to the text.
  void write(const std::filesystem::path& path, const std::vector<std::size_t>& nodes) && {
    document.at("buffers", 0)["byteLength"] = bin_.size();
    const std::span<const std::byte> bin(bin_);
    GlbJson json;
    std::move(document).writeText(json, nodes, false);
    writeGlb(path, json, {&bin, 1});
  }

  GltfDocument document{"isla-tool 3dtiles exporter"};

 private:
  std::vector<std::byte> bin_;
};

std::size_t colourMaterial(GltfDocument& document, const char* name, std::array<double, 4> rgba, bool blend) {
  boost::json::object material(
      {{"name", name},
       {"pbrMetallicRoughness",
        {{"baseColorFactor", {rgba[0], rgba[1], rgba[2], rgba[3]}}, {"metallicFactor", 0}, {"roughnessFactor", 0.5}}}},
      document.storage());
  if (blend) material["alphaMode"] = "BLEND", material["doubleSided"] = true;
  return document.add("materials", std::move(material));
}

}  // namespace

BoxBounds writeWater(const isla::World& world, const std::filesystem::path& stage) {
  BoxBounds bounds;
  GlbBuilder glb;
  const boost::json::storage_ptr& storage = glb.document.storage();
  std::vector<std::size_t> nodes;
  std::size_t material = 0;
  for (const isla::WaterRegion& region : world.waterRegions) {
    // A body of one row or column of samples has no area to show.
    if (!(region.maxX > region.minX && region.maxZ > region.minZ)) continue;
    if (nodes.empty()) material = colourMaterial(glb.document, "water", {0.11, 0.28, 0.55, 0.6}, true);
    const auto w = static_cast<float>(region.maxX - region.minX), d = static_cast<float>(region.maxZ - region.minZ);
    // A strip of NW, SW, NE, SE: {NW, SW, NE} and {SW, SE, NE}, facing up.
    const std::size_t position = glb.addPositions({0, 0, 0, 0, 0, d, w, 0, 0, w, 0, d});
    const std::size_t normal = glb.addFloats({0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1, 0}, "VEC3", 4);
    boost::json::array primitives(storage);
    primitives.push_back(boost::json::object(
        {{"attributes", {{"POSITION", position}, {"NORMAL", normal}}}, {"material", material}, {"mode", 5}},
        storage));
    const std::size_t mesh = glb.document.add("meshes", {{"name", region.id}, {"primitives", std::move(primitives)}});
    nodes.push_back(glb.document.add("nodes", {{"name", region.id},
                                               {"mesh", mesh},
                                               {"translation", {region.minX, region.levelM, region.minZ}},
                                               {"extras", isla_gltf::waterExtras(world, region, storage)}}));
    bounds.add(region.minX, region.levelM, region.minZ);
    bounds.add(region.maxX, region.levelM, region.maxZ);
  }
  if (!nodes.empty()) std::move(glb).write(stage / kWaterGlb, nodes);
  return bounds;
}

BoxBounds writeScenery(const isla::World& world, const std::filesystem::path& stage) {
  BoxBounds bounds;
  GlbBuilder glb;
  const boost::json::storage_ptr& storage = glb.document.storage();
  FeatureTables features;
  std::vector<std::size_t> nodes;
  // A mesh's primitives: one of `positions`, whose every vertex is one feature of the class's table.
  const auto feature = [&](FeatureClass of, FeatureRow row, std::size_t positions, std::size_t vertices,
                           std::size_t material, int mode) {
    const auto id = static_cast<float>(features.add(of, std::move(row)));
    boost::json::array primitives(storage);
    primitives.push_back(boost::json::object(
        {{"attributes",
          {{"POSITION", positions},
           {"_FEATURE_ID_0", glb.addFloats(std::vector<float>(vertices, id), "SCALAR", vertices)}}},
         {"material", material},
         {"mode", mode},
         {"extensions", {{"EXT_mesh_features", features.meshFeatures(of)}}}},
        storage));
    return primitives;
  };
  std::optional<std::size_t> townPoint, townMaterial;
  for (std::size_t s = 0; s < world.scenery.size(); ++s) {
    for (const isla::SceneryEntity& town : world.scenery[s].entities) {
      if (!townPoint) {
        townMaterial = colourMaterial(glb.document, "town", {0.85, 0.2, 0.15, 1}, false);
        townPoint = glb.addPositions({0, 0, 0});
      }
      boost::json::array primitives = feature(
          FeatureClass::Town, {town.id, town.sourceEntityId, town.tier, world.sources[s].id}, *townPoint, 1,
          *townMaterial, 0);
      const std::size_t mesh = glb.document.add("meshes", {{"name", town.id}, {"primitives", std::move(primitives)}});
      nodes.push_back(glb.document.add("nodes", {{"name", town.id},
                                                 {"mesh", mesh},
                                                 {"translation", isla_gltf::worldPoint(town.position, storage)},
                                                 {"extras", isla_gltf::townExtras(world, s, town, storage)}}));
      bounds.add(town.position[0], town.position[1], town.position[2]);
    }
  }
  std::optional<std::size_t> roadMaterial;
  for (std::size_t s = 0; s < world.scenery.size(); ++s) {
    for (const isla::SceneryRoad& road : world.scenery[s].roads) {
      if (road.points.size() < 2) continue;
      if (!roadMaterial) roadMaterial = colourMaterial(glb.document, "road", {0.95, 0.85, 0.3, 1}, false);
      const isla::Position& first = road.points.front();
      std::vector<float> xyz;
      for (const isla::Position& p : road.points) {
        xyz.insert(xyz.end(), {static_cast<float>(p[0] - first[0]), static_cast<float>(p[1] - first[1]),
                               static_cast<float>(p[2] - first[2])});
        bounds.add(p[0], p[1], p[2]);
      }
      boost::json::array primitives =
          feature(FeatureClass::Road, {road.id, road.sourceEntityId, road.tier, world.sources[s].id},
                  glb.addPositions(xyz), road.points.size(), *roadMaterial, 3);
      const std::size_t mesh = glb.document.add("meshes", {{"name", road.id}, {"primitives", std::move(primitives)}});
      nodes.push_back(glb.document.add("nodes", {{"name", road.id},
                                                 {"mesh", mesh},
                                                 {"translation", isla_gltf::worldPoint(first, storage)},
                                                 {"extras", isla_gltf::roadExtras(world, s, road, storage)}}));
    }
  }
  if (nodes.empty()) return bounds;
  glb.document.useExtension("EXT_mesh_features");
  glb.document.setExtension("EXT_structural_metadata",
                            features.structuralMetadata([&](std::span<const std::byte> bytes) { return glb.addView(bytes); }));
  std::move(glb).write(stage / kSceneryGlb, nodes);
  return bounds;
}

}  // namespace isla_3dtiles
