// SPDX-License-Identifier: MIT
#include "tile_content.hpp"

#include <algorithm>
#include <deque>
#include <limits>
#include <map>
#include <optional>
#include <span>

#include "gltf_document.hpp"
#include "glb_file.hpp"
#include "grid_indices.hpp"
#include "index_parts.hpp"
#include "texel_uv.hpp"

namespace isla_3dtiles {

namespace {

// Room for `more` values, growing at least twice over, so that a leaf's
// streams are not copied again and again as its vertices arrive a few at a
// time (a tenth of an export's CPU went to those copies).
template <class T>
void makeRoom(std::vector<T>& values, std::size_t more) {
  if (values.capacity() - values.size() < more) values.reserve(std::max(values.size() + more, 2 * values.capacity()));
}

}  // namespace

TileContent::TileContent(const isla::World& world, const CellRect& rect, double skirtDepthM)
    : world_(&world),
      rect_(rect),
      skirtDepthM_(skirtDepthM),
      minY_(std::numeric_limits<double>::infinity()),
      maxY_(-std::numeric_limits<double>::infinity()) {}

TileContent::Part& TileContent::partOf(std::size_t patch) {
  const auto found = std::find_if(parts_.begin(), parts_.end(), [&](const Part& part) { return part.patch == patch; });
  if (found != parts_.end()) return *found;
  parts_.push_back(
      {.patch = patch, .positions = {}, .normals = {}, .uvs = {}, .grids = {}, .surface = {}, .skirt = {}});
  return parts_.back();
}

void TileContent::add(const Piece& piece, const isla::TerrainMesh& mesh, const PieceNormals& normals) {
  const isla::Patch& patch = world_->patches[piece.patch];
  const double spacing = world_->settings.spacingM;
  // The piece's first sample in metres east and south of the tile's north-west corner.
  const double eastM = (piece.x0 + patch.originX / spacing - static_cast<double>(rect_.x0)) * spacing;
  const double southM = (piece.z0 + patch.originZ / spacing - static_cast<double>(rect_.z0)) * spacing;
  Part& part = partOf(piece.patch);
  const auto first = static_cast<std::uint32_t>(part.positions.size() / 3);
  const std::size_t vertices = mesh.vertexCount();
  // Sized once, then written in place: a leaf's streams are most of the export's bytes.
  const auto grow = [&](auto& values, std::size_t more) {
    makeRoom(values, more);
    values.resize(values.size() + more);
    return values.data() + values.size() - more;
  };
  float* position = grow(part.positions, 3 * vertices);
  float* normal = grow(part.normals, 3 * vertices);
  std::uint16_t* uv = grow(part.uvs, 2 * vertices);
  // The piece's UVs by column and by row, looked up for each vertex.
  std::vector<std::uint16_t> us, vs;
  for (std::int32_t x = piece.x0; x <= piece.x1; ++x) us.push_back(isla_gltf::texelCentreUv(x, patch.pointsX));
  for (std::int32_t z = piece.z0; z <= piece.z1; ++z) vs.push_back(isla_gltf::texelCentreUv(z, patch.pointsZ));
  float lowest = std::numeric_limits<float>::infinity(), highest = -lowest;
  for (std::size_t v = 0; v < vertices; ++v) {
    const auto [x, z] = mesh.samples[v];
    const float* from = &mesh.positions[3 * v];
    *position++ = static_cast<float>(eastM + from[0]);
    *position++ = from[1];
    *position++ = static_cast<float>(southM + from[2]);
    normal = std::copy_n(normals.at(x, z).begin(), 3, normal);
    *uv++ = us[static_cast<std::size_t>(x - piece.x0)];
    *uv++ = vs[static_cast<std::size_t>(z - piece.z0)];
    lowest = std::min(lowest, from[1]);
    highest = std::max(highest, from[1]);
  }
  minY_ = std::min(minY_, static_cast<double>(lowest));
  maxY_ = std::max(maxY_, static_cast<double>(highest));
  const auto shifted = [first](std::uint32_t index) { return first + index; };
  const auto surfaceEnd = mesh.indices.begin() + static_cast<std::ptrdiff_t>(mesh.surfaceIndices);
  if (mesh.askedErrorM == 0) {
    part.grids.push_back({.firstVertex = first,
                          .width = static_cast<std::uint64_t>(piece.x1 - piece.x0 + 1),
                          .depth = static_cast<std::uint64_t>(piece.z1 - piece.z0 + 1)});
  } else {
    std::transform(mesh.indices.begin(), surfaceEnd, grow(part.surface, mesh.surfaceIndices), shifted);
  }
  std::transform(surfaceEnd, mesh.indices.end(), grow(part.skirt, mesh.indices.size() - mesh.surfaceIndices), shifted);
  errorM_ = std::max(errorM_, mesh.errorM);
}

void TileContent::append(TileContent&& other) {
  for (Part& from : other.parts_) {
    Part& part = partOf(from.patch);
    const auto offset = static_cast<std::uint32_t>(part.positions.size() / 3);
    part.positions.insert(part.positions.end(), from.positions.begin(), from.positions.end());
    part.normals.insert(part.normals.end(), from.normals.begin(), from.normals.end());
    part.uvs.insert(part.uvs.end(), from.uvs.begin(), from.uvs.end());
    for (Grid grid : from.grids) {
      grid.firstVertex += offset;
      part.grids.push_back(grid);
    }
    for (const std::uint32_t index : from.surface) part.surface.push_back(offset + index);
    for (const std::uint32_t index : from.skirt) part.skirt.push_back(offset + index);
  }
  errorM_ = std::max(errorM_, other.errorM_);
  minY_ = std::min(minY_, other.minY_);
  maxY_ = std::max(maxY_, other.maxY_);
  other.parts_.clear();
}

void TileContent::write(const std::filesystem::path& path, const std::string& biomePrefix) const {
  using isla_gltf::kArrayBuffer, isla_gltf::kElementArrayBuffer, isla_gltf::kFloat, isla_gltf::kUnsignedInt;
  isla_gltf::GltfDocument document("isla-tool 3dtiles exporter");
  document.add("buffers", {{"byteLength", 0}});
  // The BIN chunk as the parts' own streams and each part's indices, written
  // from where they lie: the streams are not copied again.
  std::vector<std::span<const std::byte>> bin;
  std::deque<std::vector<std::byte>> storedIndices;  // a part's, as stored
  std::uint64_t binBytes = 0;
  const auto append = [&](std::span<const std::byte> bytes) {
    bin.push_back(bytes);
    binBytes += bytes.size();
    return binBytes - bytes.size();
  };
  std::map<std::optional<std::size_t>, std::size_t> materials;  // by source; strips and corners grey
  const double spacing = world_->settings.spacingM;
  std::vector<std::size_t> nodes;
  for (const Part& part : parts_) {
    const isla::Patch& patch = world_->patches[part.patch];
    auto material = materials.find(patch.source);
    if (material == materials.end()) {
      boost::json::object pbr{{"metallicFactor", 0}, {"roughnessFactor", 1}};
      if (patch.source) {
        const std::string& id = world_->sources[*patch.source].id;
        // Biomes are classes: nearest, never blended across a class boundary.
        if (document.count("samplers") == 0) {
          document.add("samplers", {{"magFilter", 9728}, {"minFilter", 9728}, {"wrapS", 33071}, {"wrapT", 33071}});
        }
        const std::size_t image = document.add("images", {{"uri", biomePrefix + id + ".png"}});
        pbr["baseColorTexture"] = {{"index", document.add("textures", {{"sampler", 0}, {"source", image}})}};
      } else {
        pbr["baseColorFactor"] = {0.5, 0.5, 0.5, 1};
      }
      const std::string name = patch.source ? "biome-" + world_->sources[*patch.source].id : "transition";
      material = materials
                     .emplace(patch.source,
                              document.add("materials", {{"name", name}, {"pbrMetallicRoughness", std::move(pbr)}}))
                     .first;
    }
    const std::uint64_t positions = append(std::as_bytes(std::span(part.positions)));
    const std::uint64_t normals = append(std::as_bytes(std::span(part.normals)));
    const std::uint64_t uvs = append(std::as_bytes(std::span(part.uvs)));
    std::vector<std::byte>& indexBytes = storedIndices.emplace_back();
    boost::json::array primitives;
    // A primitive over the vertices of `share` and its indices, written by `store`.
    const auto addPrimitive = [&](const isla_gltf::IndexPart& share, bool skirt, bool strip, const auto& store) {
      const std::uint64_t first = share.firstVertex, count = share.vertexCount;
      const std::size_t position =
          document.addAccessor(0, positions + first * 12, count * 12, kArrayBuffer, kFloat, count, "VEC3");
      const auto [min, max] = isla_gltf::positionBounds(std::span(part.positions).subspan(first * 3, count * 3));
      document.setBounds(position, min, max);
      const boost::json::object attributes{
          {"POSITION", position},
          {"NORMAL", document.addAccessor(0, normals + first * 12, count * 12, kArrayBuffer, kFloat, count, "VEC3")},
          {"TEXCOORD_0", document.addAccessor(0, uvs + first * 4, count * 4, kArrayBuffer, isla_gltf::kUnsignedShort,
                                              count, "VEC2", true)}};
      const std::uint64_t offset = binBytes + indexBytes.size();
      store();
      boost::json::object primitive{
          {"attributes", attributes},
          {"indices", document.addAccessor(0, offset, share.bytes(), kElementArrayBuffer,
                                           share.shortIndices ? isla_gltf::kUnsignedShort : kUnsignedInt,
                                           share.indexCount, "SCALAR")},
          {"material", material->second}};
      if (strip) primitive["mode"] = isla_gltf::kTriangleStrip;
      if (skirt) primitive["extras"] = {{kSkirtExtra, skirtDepthM_}};
      primitives.push_back(std::move(primitive));
    };
    constexpr auto kStrip = isla_gltf::GridMode::Strip;
    for (const Grid& grid : part.grids) {
      for (isla_gltf::IndexPart share : isla_gltf::gridParts(grid.width, grid.depth, kStrip)) {
        share.firstVertex += grid.firstVertex;
        addPrimitive(share, false, true, [&] { isla_gltf::appendGridIndices(indexBytes, grid.width, share, kStrip); });
      }
    }
    isla_gltf::padToFour(indexBytes);
    // A primitive for each share of the triangles that 16-bit indices can reach (isla_gltf::indexParts).
    const auto addPrimitives = [&](const std::vector<std::uint32_t>& indices, bool skirt) {
      for (const isla_gltf::IndexPart& share : isla_gltf::indexParts(indices, 0, indices.size(), part.positions.size() / 3)) {
        addPrimitive(share, skirt, false, [&] { isla_gltf::appendPartIndices(indexBytes, indices, share); });
      }
      isla_gltf::padToFour(indexBytes);
    };
    if (!part.surface.empty()) addPrimitives(part.surface, false);
    if (!part.skirt.empty()) addPrimitives(part.skirt, true);
    append(indexBytes);
    const std::size_t mesh = document.add("meshes", {{"name", patch.id}, {"primitives", std::move(primitives)}});
    nodes.push_back(document.add(
        "nodes",
        {{"name", patch.id},
         {"mesh", mesh},
         {"translation", {static_cast<double>(rect_.x0) * spacing, 0, static_cast<double>(rect_.z0) * spacing}},
         {"extras", {{"patch", patch.id}}}}));
  }
  document.at("buffers", 0)["byteLength"] = binBytes;
  writeGlb(path, document.text(nodes), bin);
}

}  // namespace isla_3dtiles
