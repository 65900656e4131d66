// SPDX-License-Identifier: MIT
#include "glb_tile.hpp"

#include <algorithm>
#include <limits>

#include "glb_file.hpp"
#include "gltf_document.hpp"
#include "transition_images.hpp"
#include "vertex_coding.hpp"

namespace isla_3dtiles {

namespace {

constexpr int kByte = 5120;  // glTF's signed byte

std::size_t accessor(isla_gltf::GltfDocument& document, std::size_t view, std::uint64_t offset, int componentType,
                     std::uint64_t count, const char* type, bool normalized) {
  boost::json::object object({{"bufferView", view}}, document.storage());
  if (offset != 0) object["byteOffset"] = offset;
  object["componentType"] = componentType;
  if (normalized) object["normalized"] = true;
  object["count"] = count;
  object["type"] = type;
  return document.add("accessors", std::move(object));
}

// A patch's colour: its source's biome image, or its transition image. The
// texture coordinates are the vertices' metres east and north of the
// patch's north-west corner (its positions, vertex_coding.hpp), which the
// transform puts on the texel centres: sample (i, j), at (i s, -j s), on
// ((i + 0.5) / w, (j + 0.5) / d).
std::size_t patchMaterial(isla_gltf::GltfDocument& document, const isla::World& world, const isla::Patch& patch,
                          std::size_t sampler, const std::string& imagePrefix) {
  const std::size_t source = document.add("images", {{"uri", imagePrefix + isla_png::terrainImagePath(world, patch)}});
  const std::size_t texture = document.add("textures", {{"sampler", sampler}, {"source", source}});
  const double w = patch.pointsX, d = patch.pointsZ, s = world.settings.spacingM;
  const boost::json::object transform({{"offset", {0.5 / w, 0.5 / d}}, {"scale", {1 / (s * w), -1 / (s * d)}}},
                                      document.storage());
  return document.add(
      "materials",
      {{"name", patch.source ? "biome-" + world.sources[*patch.source].id : "transition-" + patch.id},
       {"pbrMetallicRoughness",
        {{"baseColorTexture", {{"index", texture}, {"extensions", {{"KHR_texture_transform", transform}}}}},
         {"metallicFactor", 0},
         {"roughnessFactor", 1}}}});
}

boost::json::object primitive(isla_gltf::GltfDocument& document, const std::vector<std::size_t>& views,
                              const GlbPart& part, const GlbPart::Primitive& p, std::size_t material,
                              double skirtDepthM) {
  const std::uint64_t first = p.firstVertex, count = p.vertexCount;
  const std::size_t positions = views[p.vertexViews];
  const std::size_t position = accessor(document, positions, first * 12, isla_gltf::kFloat, count, "VEC3", false);
  document.setBounds(position, p.min, p.max);
  const boost::json::object attributes(
      {{"POSITION", position},
       {"NORMAL", accessor(document, views[p.vertexViews + 1], first * 4, kByte, count, "VEC3", true)},
       {"TEXCOORD_0", accessor(document, positions, first * 12, isla_gltf::kFloat, count, "VEC2", false)}},
      document.storage());
  const StoredView& triangles = part.views[p.triangleView];
  boost::json::object out({{"attributes", attributes},
                           {"indices", accessor(document, views[p.triangleView], 0,
                                                triangles.stride == 2 ? isla_gltf::kUnsignedShort : isla_gltf::kUnsignedInt,
                                                triangles.count, "SCALAR", false)},
                           {"material", material}},
                          document.storage());
  if (p.skirt) out["extras"] = {{kSkirtExtra, skirtDepthM}};
  return out;
}

}  // namespace

HeightRange writeTileGlb(const std::filesystem::path& path, const isla::World& world, const GlbStyle& style,
                         const GlbTile& tile, std::string& digest) {
  isla_gltf::GltfDocument document("isla-tool 3dtiles exporter");
  // Normals as bytes; texture coordinates in metres, which
  // KHR_texture_transform scales onto the texel centres.
  document.requireExtension("KHR_mesh_quantization");
  document.requireExtension("KHR_texture_transform");
  GlbBuffers buffers(document, style.compress);
  // Biomes are classes and a transition image a texel a sample: nearest, never blended between texels.
  const std::size_t sampler =
      document.add("samplers", {{"magFilter", 9728}, {"minFilter", 9728}, {"wrapS", 33071}, {"wrapT", 33071}});
  HeightRange range{std::numeric_limits<double>::infinity(), -std::numeric_limits<double>::infinity()};
  std::vector<std::size_t> nodes;
  for (const GlbPart& part : tile.parts) {
    const isla::Patch& patch = world.patches[part.patch];
    const std::size_t material = patchMaterial(document, world, patch, sampler, style.imagePrefix);
    std::vector<std::size_t> views;  // the document's, by the part's
    for (const StoredView& view : part.views) views.push_back(buffers.add(view));
    boost::json::array primitives(document.storage());
    for (const GlbPart::Primitive& p : part.primitives) {
      primitives.push_back(primitive(document, views, part, p, material, tile.skirtDepthM));
    }
    range.lowestM = std::min<double>(range.lowestM, part.lowestM);
    range.highestM = std::max<double>(range.highestM, part.highestM);
    const std::size_t mesh = document.add("meshes", {{"name", patch.id}, {"primitives", std::move(primitives)}});
    nodes.push_back(document.add("nodes", {{"name", patch.id},
                                           {"mesh", mesh},
                                           {"rotation", boost::json::array(kNodeRotation.begin(), kNodeRotation.end(),
                                                                           document.storage())},
                                           {"translation", {patch.originX, 0, patch.originZ}},
                                           {"extras", {{"patch", patch.id}}}}));
  }
  const std::vector<std::span<const std::byte>>& bin = buffers.finish();
  GlbJson json;
  std::move(document).writeText(json, nodes, false);
  digest = writeGlb(path, json, bin,
                    style.digest ? isla::FileWriter::Digest::Sha256 : isla::FileWriter::Digest::None);
  return range;
}

}  // namespace isla_3dtiles
