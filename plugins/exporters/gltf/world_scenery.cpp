// SPDX-License-Identifier: MIT
// One unit quad in world.bin serves every water region: a region's node
// translates it to the footprint's north-west corner at the region's level
// and scales it to the footprint, so that an engine reads the footprint off
// the node as well as off its extras.
#include "world_scenery.hpp"

#include <isla/publish/file_writer.hpp>

#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <span>

#include "scenery_extras.hpp"

namespace isla_gltf {

namespace {

constexpr std::array<float, 12> kQuadPositions{0, 0, 0, 1, 0, 0, 0, 0, 1, 1, 0, 1};  // NW, NE, SW, SE
constexpr std::array<float, 12> kQuadNormals{0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1, 0};
constexpr std::array<std::uint32_t, 6> kQuadIndices{0, 3, 1, 0, 2, 3};  // NW SE NE, NW SW SE: facing up
constexpr std::size_t kQuadBytes = sizeof kQuadPositions + sizeof kQuadNormals + sizeof kQuadIndices;

// A body of one row or column of samples has no area to show.
bool hasArea(const isla::WaterRegion& region) { return region.maxX > region.minX && region.maxZ > region.minZ; }

std::size_t addWaterMesh(GltfDocument& document) {
  const std::size_t buffer = document.add("buffers", {{"uri", kWorldBin}, {"byteLength", kQuadBytes}});
  const std::size_t position = document.addAccessor(buffer, 0, 48, kArrayBuffer, kFloat, 4, "VEC3");
  document.setBounds(position, {0, 0, 0}, {1, 0, 1});
  const std::size_t normal = document.addAccessor(buffer, 48, 48, kArrayBuffer, kFloat, 4, "VEC3");
  const std::size_t indices = document.addAccessor(buffer, 96, 24, kElementArrayBuffer, kUnsignedInt, 6, "SCALAR");
  const std::size_t material = document.add(
      "materials", {{"name", "water"},
                    {"pbrMetallicRoughness", {{"baseColorFactor", {0.11, 0.28, 0.55, 0.6}}, {"metallicFactor", 0},
                                              {"roughnessFactor", 0.1}}},
                    {"alphaMode", "BLEND"},
                    {"doubleSided", true}});
  boost::json::array primitives(document.storage());
  primitives.push_back(boost::json::object(
      {{"attributes", {{"POSITION", position}, {"NORMAL", normal}}}, {"indices", indices}, {"material", material}},
      document.storage()));
  return document.add("meshes", {{"name", "water"}, {"primitives", std::move(primitives)}});
}

std::size_t addWater(GltfDocument& document, const isla::World& world) {
  std::optional<std::size_t> quad;
  boost::json::array children(document.storage());
  for (const isla::WaterRegion& region : world.waterRegions) {
    boost::json::object node({{"name", region.id},
                              {"translation", {region.minX, region.levelM, region.minZ}},
                              {"extras", waterExtras(world, region, document.storage())}},
                             document.storage());
    if (hasArea(region)) {
      if (!quad) quad = addWaterMesh(document);
      node["mesh"] = *quad;
      node["scale"] = {region.maxX - region.minX, 1, region.maxZ - region.minZ};
    }
    children.emplace_back(document.add("nodes", std::move(node)));
  }
  return document.add("nodes", {{"name", "water"}, {"children", std::move(children)}});
}

std::size_t addTowns(GltfDocument& document, const isla::World& world) {
  boost::json::array children(document.storage());
  for (std::size_t s = 0; s < world.scenery.size(); ++s) {
    for (const isla::SceneryEntity& entity : world.scenery[s].entities) {
      children.emplace_back(document.add("nodes", {{"name", entity.id},
                                                   {"translation", worldPoint(entity.position, document.storage())},
                                                   {"extras", townExtras(world, s, entity, document.storage())}}));
    }
  }
  return document.add("nodes", {{"name", "towns"}, {"children", std::move(children)}});
}

std::size_t addRoads(GltfDocument& document, const isla::World& world) {
  boost::json::array children(document.storage());
  for (std::size_t s = 0; s < world.scenery.size(); ++s) {
    for (const isla::SceneryRoad& road : world.scenery[s].roads) {
      children.emplace_back(
          document.add("nodes", {{"name", road.id}, {"extras", roadExtras(world, s, road, document.storage())}}));
    }
  }
  return document.add("nodes", {{"name", "roads"}, {"children", std::move(children)}});
}

bool anyTown(const isla::World& world) {
  for (const isla::Scenery& scenery : world.scenery) {
    if (!scenery.entities.empty()) return true;
  }
  return false;
}

bool anyRoad(const isla::World& world) {
  for (const isla::Scenery& scenery : world.scenery) {
    if (!scenery.roads.empty()) return true;
  }
  return false;
}

}  // namespace

void writeWaterQuad(const isla::World& world, const std::filesystem::path& stage) {
  if (std::none_of(world.waterRegions.begin(), world.waterRegions.end(), hasArea)) return;
  isla::FileWriter bin = isla::FileWriter::create(stage / kWorldBin);
  bin.write(std::as_bytes(std::span(kQuadPositions)));
  bin.write(std::as_bytes(std::span(kQuadNormals)));
  bin.write(std::as_bytes(std::span(kQuadIndices)));
  bin.close();
}

std::vector<std::size_t> addScenery(GltfDocument& document, const isla::World& world) {
  std::vector<std::size_t> roots;
  if (!world.waterRegions.empty()) roots.push_back(addWater(document, world));
  if (anyTown(world)) roots.push_back(addTowns(document, world));
  if (anyRoad(world)) roots.push_back(addRoads(document, world));
  return roots;
}

}  // namespace isla_gltf
