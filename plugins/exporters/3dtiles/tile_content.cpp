// SPDX-License-Identifier: MIT
#include "tile_content.hpp"

#include <algorithm>
#include <limits>
#include <span>

#include "glb_buffers.hpp"
#include "glb_file.hpp"
#include "gltf_document.hpp"
#include "grid_indices.hpp"
#include "index_parts.hpp"
#include "transition_images.hpp"
#include "vertex_coding.hpp"

namespace isla_3dtiles {

namespace {

constexpr int kByte = 5120;  // glTF's signed byte

// Room for `more` values, growing at least twice over, so that a leaf's
// streams are not copied again and again as its vertices arrive a few at a
// time (a tenth of an export's CPU went to those copies).
template <class T>
void makeRoom(std::vector<T>& values, std::size_t more) {
  if (values.capacity() - values.size() < more) values.reserve(std::max(values.size() + more, 2 * values.capacity()));
}

template <class T>
void appendTo(std::vector<T>& to, const std::vector<T>& from) {
  makeRoom(to, from.size());
  to.insert(to.end(), from.begin(), from.end());
}

// A part's vertex set stored as three views (vertex_coding.hpp), and its
// positions as decoded, for each primitive's bounds.
struct StoredVertices {
  std::size_t positionView = 0, normalView = 0, uvView = 0;
  std::vector<float> positions;
};

class VertexWriter {
 public:
  VertexWriter(isla_gltf::GltfDocument& document, GlbBuffers& buffers, const GlbStyle& style)
      : document_(document), buffers_(buffers), style_(style), planar_(style.planarExponent) {}

  template <class Vertices>
  StoredVertices store(const Vertices& vertices, int heightExponent) {
    const ExponentialAxis height(heightExponent);
    const std::size_t count = vertices.size();
    std::vector<std::uint32_t> words(3 * count);
    StoredVertices stored;
    stored.positions.resize(3 * count);
    for (std::size_t v = 0; v < count; ++v) {
      const auto [x, z] = vertices.samples[v];
      const std::int32_t mantissas[3] = {style_.planarMantissas[x], height.mantissa(vertices.heights[v]),
                                         style_.planarMantissas[z]};
      const ExponentialAxis* axes[3] = {&planar_, &height, &planar_};
      for (std::size_t k = 0; k < 3; ++k) {
        words[3 * v + k] = axes[k]->word(mantissas[k]);
        stored.positions[3 * v + k] = axes[k]->value(mantissas[k]);
      }
    }
    stored.positionView = buffers_.vertexView(std::as_bytes(std::span(words)), count, 12, VertexFilter::Exponential);
    stored.normalView =
        buffers_.vertexView(std::as_bytes(std::span(vertices.normals)), count, 4, VertexFilter::Octahedral);
    stored.uvView = buffers_.vertexView(std::as_bytes(std::span(vertices.samples)), count, 4, VertexFilter::None);
    return stored;
  }

  // A primitive of vertices [first, first + count) of `stored` and `triangles` (relative to `first`).
  boost::json::object primitive(const StoredVertices& stored, std::uint64_t first, std::uint64_t count,
                                const StoredTriangles& triangles, std::size_t material) {
    const auto [min, max] = isla_gltf::positionBounds(std::span(stored.positions).subspan(first * 3, count * 3));
    const std::size_t position = accessor(stored.positionView, first * 12, isla_gltf::kFloat, count, "VEC3", false);
    document_.setBounds(position, min, max);
    const boost::json::object attributes{
        {"POSITION", position},
        {"NORMAL", accessor(stored.normalView, first * 4, kByte, count, "VEC3", true)},
        {"TEXCOORD_0", accessor(stored.uvView, first * 4, isla_gltf::kUnsignedShort, count, "VEC2", false)}};
    const std::size_t view = buffers_.triangleView(triangles);
    return {{"attributes", attributes},
            {"indices", accessor(view, 0, triangles.stride == 2 ? isla_gltf::kUnsignedShort : isla_gltf::kUnsignedInt,
                                 triangles.count, "SCALAR", false)},
            {"material", material}};
  }

  bool compress() const { return style_.compress; }

 private:
  std::size_t accessor(std::size_t view, std::uint64_t offset, int componentType, std::uint64_t count,
                       const char* type, bool normalized) {
    boost::json::object object{{"bufferView", view}};
    if (offset != 0) object["byteOffset"] = offset;
    object["componentType"] = componentType;
    if (normalized) object["normalized"] = true;
    object["count"] = count;
    object["type"] = type;
    return document_.add("accessors", std::move(object));
  }

  isla_gltf::GltfDocument& document_;
  GlbBuffers& buffers_;
  const GlbStyle& style_;
  ExponentialAxis planar_;
};

// The primitives of triangles over `stored`'s vertices: as many as 16-bit indices need (isla_gltf::indexParts).
std::vector<boost::json::object> indexedPrimitives(VertexWriter& writer, const StoredVertices& stored,
                                                   std::span<const std::uint32_t> indices, std::size_t vertexCount,
                                                   std::size_t material) {
  std::vector<boost::json::object> out;
  for (const isla_gltf::IndexPart& share : isla_gltf::indexParts(indices, 0, indices.size(), vertexCount)) {
    if (share.indexCount == 0) continue;
    std::vector<std::uint32_t> relative;
    relative.reserve(share.indexCount);
    for (const std::uint32_t index : indices.subspan(share.firstIndex, share.indexCount)) {
      relative.push_back(index - static_cast<std::uint32_t>(share.firstVertex));
    }
    out.push_back(writer.primitive(stored, share.firstVertex, share.vertexCount,
                                   storeTriangles(relative, share.vertexCount, share.shortIndices, writer.compress()),
                                   material));
  }
  return out;
}

// A patch's colour: its source's biome image, or its transition image,
// whose texel centres the transform puts the sample indices on.
std::size_t patchMaterial(isla_gltf::GltfDocument& document, const isla::World& world, const isla::Patch& patch,
                          std::size_t sampler, const std::string& imagePrefix) {
  const std::size_t source = document.add("images", {{"uri", imagePrefix + isla_png::terrainImagePath(world, patch)}});
  const std::size_t texture = document.add("textures", {{"sampler", sampler}, {"source", source}});
  const double w = patch.pointsX, d = patch.pointsZ;
  const boost::json::object transform{{"offset", {0.5 / w, 0.5 / d}}, {"scale", {1 / w, 1 / d}}};
  return document.add(
      "materials",
      {{"name", patch.source ? "biome-" + world.sources[*patch.source].id : "transition-" + patch.id},
       {"pbrMetallicRoughness",
        {{"baseColorTexture", {{"index", texture}, {"extensions", {{"KHR_texture_transform", transform}}}}},
         {"metallicFactor", 0},
         {"roughnessFactor", 1}}}});
}

// Widens `range` to the heights of stored positions.
void widen(HeightRange& range, const StoredVertices& stored) {
  for (std::size_t y = 1; y < stored.positions.size(); y += 3) {
    range.lowestM = std::min<double>(range.lowestM, stored.positions[y]);
    range.highestM = std::max<double>(range.highestM, stored.positions[y]);
  }
}

}  // namespace

void TileContent::Vertices::append(const Vertices& other) {
  appendTo(samples, other.samples);
  appendTo(heights, other.heights);
  appendTo(normals, other.normals);
}

TileContent::TileContent(const isla::World& world, double skirtDepthM) : world_(&world), skirtDepthM_(skirtDepthM) {}

TileContent::Part& TileContent::partOf(std::size_t patch) {
  const auto found = std::find_if(parts_.begin(), parts_.end(), [&](const Part& part) { return part.patch == patch; });
  if (found != parts_.end()) return *found;
  parts_.push_back({.patch = patch, .surface = {}, .skirt = {}, .grids = {}, .surfaceIndices = {}, .skirtIndices = {}});
  return parts_.back();
}

void TileContent::add(const Piece& piece, const isla::TerrainMesh& mesh, const PieceNormals& normals) {
  Part& part = partOf(piece.patch);
  const auto take = [&](Vertices& to, std::size_t v) {
    const auto [x, z] = mesh.samples[v];
    to.samples.push_back({static_cast<std::uint16_t>(x), static_cast<std::uint16_t>(z)});
    to.heights.push_back(mesh.positions[3 * v + 1]);
    to.normals.push_back(normals.at(x, z));
  };
  Vertices& surface = part.surface;
  const auto first = static_cast<std::uint32_t>(surface.size());
  makeRoom(surface.samples, mesh.surfaceVertices);
  makeRoom(surface.heights, mesh.surfaceVertices);
  makeRoom(surface.normals, mesh.surfaceVertices);
  for (std::size_t v = 0; v < mesh.surfaceVertices; ++v) take(surface, v);
  const auto surfaceEnd = mesh.indices.begin() + static_cast<std::ptrdiff_t>(mesh.surfaceIndices);
  if (mesh.askedErrorM == 0) {
    part.grids.push_back({.firstVertex = first,
                          .width = static_cast<std::uint64_t>(piece.x1 - piece.x0 + 1),
                          .depth = static_cast<std::uint64_t>(piece.z1 - piece.z0 + 1)});
  } else {
    makeRoom(part.surfaceIndices, mesh.surfaceIndices);
    for (auto index = mesh.indices.begin(); index != surfaceEnd; ++index) part.surfaceIndices.push_back(first + *index);
  }
  // The skirts' own vertices: the border's, copied, and those hanging below
  // them, in the order the skirts' triangles first use them.
  Vertices& skirt = part.skirt;
  constexpr auto kUnused = std::numeric_limits<std::uint32_t>::max();
  std::vector<std::uint32_t> skirtVertex(mesh.vertexCount(), kUnused);
  for (auto index = surfaceEnd; index != mesh.indices.end(); ++index) {
    std::uint32_t& vertex = skirtVertex[*index];
    if (vertex == kUnused) {
      vertex = static_cast<std::uint32_t>(skirt.size());
      take(skirt, *index);
    }
    part.skirtIndices.push_back(vertex);
  }
  errorM_ = std::max(errorM_, mesh.errorM);
}

void TileContent::append(TileContent&& other) {
  for (Part& from : other.parts_) {
    Part& part = partOf(from.patch);
    const auto surfaceOffset = static_cast<std::uint32_t>(part.surface.size());
    const auto skirtOffset = static_cast<std::uint32_t>(part.skirt.size());
    part.surface.append(from.surface);
    part.skirt.append(from.skirt);
    for (Grid grid : from.grids) {
      grid.firstVertex += surfaceOffset;
      part.grids.push_back(grid);
    }
    for (const std::uint32_t index : from.surfaceIndices) part.surfaceIndices.push_back(surfaceOffset + index);
    for (const std::uint32_t index : from.skirtIndices) part.skirtIndices.push_back(skirtOffset + index);
  }
  errorM_ = std::max(errorM_, other.errorM_);
  other.parts_.clear();
}

HeightRange TileContent::write(const std::filesystem::path& path, const GlbStyle& style) const {
  isla_gltf::GltfDocument document("isla-tool 3dtiles exporter");
  // Normals as bytes and texture coordinates as unsigned shorts, which
  // KHR_texture_transform scales onto the texel centres.
  document.requireExtension("KHR_mesh_quantization");
  document.requireExtension("KHR_texture_transform");
  GlbBuffers buffers(document, style.compress);
  VertexWriter writer(document, buffers, style);
  // Biomes are classes and a transition image a texel a sample: nearest, never blended between texels.
  const std::size_t sampler =
      document.add("samplers", {{"magFilter", 9728}, {"minFilter", 9728}, {"wrapS", 33071}, {"wrapT", 33071}});
  HeightRange range{std::numeric_limits<double>::infinity(), -std::numeric_limits<double>::infinity()};
  std::vector<std::size_t> nodes;
  for (const Part& part : parts_) {
    const isla::Patch& patch = world_->patches[part.patch];
    const std::size_t material = patchMaterial(document, *world_, patch, sampler, style.imagePrefix);
    float lowest = std::numeric_limits<float>::infinity(), highest = -lowest;
    for (const Vertices* vertices : {&part.surface, &part.skirt}) {
      for (const float height : vertices->heights) lowest = std::min(lowest, height), highest = std::max(highest, height);
    }
    const int heightExponent = isla_3dtiles::heightExponent(lowest, highest);
    boost::json::array primitives;
    if (part.surface.size() != 0) {
      const StoredVertices surface = writer.store(part.surface, heightExponent);
      for (const Grid& grid : part.grids) {
        for (const isla_gltf::IndexPart& band : isla_gltf::gridParts(grid.width, grid.depth, isla_gltf::GridMode::Triangles)) {
          primitives.push_back(writer.primitive(surface, grid.firstVertex + band.firstVertex, band.vertexCount,
                                                style.grids->band(grid.width, band), material));
        }
      }
      for (auto& primitive : indexedPrimitives(writer, surface, part.surfaceIndices, part.surface.size(), material)) {
        primitives.push_back(std::move(primitive));
      }
      widen(range, surface);
    }
    if (part.skirt.size() != 0) {
      const StoredVertices skirt = writer.store(part.skirt, heightExponent);
      for (auto& primitive : indexedPrimitives(writer, skirt, part.skirtIndices, part.skirt.size(), material)) {
        primitive["extras"] = {{kSkirtExtra, skirtDepthM_}};
        primitives.push_back(std::move(primitive));
      }
      widen(range, skirt);
    }
    const std::size_t mesh = document.add("meshes", {{"name", patch.id}, {"primitives", std::move(primitives)}});
    nodes.push_back(document.add("nodes", {{"name", patch.id},
                                           {"mesh", mesh},
                                           {"translation", {patch.originX, 0, patch.originZ}},
                                           {"extras", {{"patch", patch.id}}}}));
  }
  const std::vector<std::byte>& bin = buffers.finish();
  const std::span<const std::byte> chunk(bin);
  writeGlb(path, document.text(nodes), {&chunk, 1});
  return range;
}

}  // namespace isla_3dtiles
