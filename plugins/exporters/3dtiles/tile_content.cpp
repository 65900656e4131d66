// SPDX-License-Identifier: MIT
#include "tile_content.hpp"

#include <algorithm>
#include <limits>
#include <span>

#include "gltf_document.hpp"
#include "grid_indices.hpp"
#include "index_parts.hpp"
#include "surface_order.hpp"
#include "vertex_coding.hpp"

namespace isla_3dtiles {

namespace {

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

// Stores a part: its vertex sets as two views each (vertex_coding.hpp),
// its triangles as index views, its primitives with their positions' bounds.
class PartStore {
 public:
  PartStore(GlbPart& part, const GlbStyle& style, int heightExponent)
      : part_(part), style_(style), planar_(style.planarExponent), height_(heightExponent) {}

  // Stores a vertex set's positions and normals; returns the first view's
  // index and the positions as decoded (east, north, up), for the
  // primitives' bounds and the part's heights.
  template <class Vertices>
  std::pair<std::uint64_t, std::vector<float>> vertices(const Vertices& vertices) {
    const std::size_t count = vertices.size();
    std::vector<std::uint32_t> words(3 * count);
    std::vector<float> positions(3 * count);
    const ExponentialAxis* axes[3] = {&planar_, &planar_, &height_};
    for (std::size_t v = 0; v < count; ++v) {
      const auto [x, z] = vertices.samples[v];
      const std::int32_t mantissas[3] = {style_.planarMantissas[x], -style_.planarMantissas[z],
                                         height_.mantissa(vertices.heights[v])};
      for (std::size_t k = 0; k < 3; ++k) {
        words[3 * v + k] = axes[k]->word(mantissas[k]);
        positions[3 * v + k] = axes[k]->value(mantissas[k]);
      }
    }
    const std::uint64_t first = part_.views.size();
    part_.views.push_back(
        storeVertices(std::as_bytes(std::span(words)), count, 12, VertexFilter::Exponential, style_.compress));
    part_.views.push_back(
        storeVertices(std::as_bytes(std::span(vertices.normals)), count, 4, VertexFilter::Octahedral, style_.compress));
    for (std::size_t up = 2; up < positions.size(); up += 3) {
      part_.lowestM = std::min(part_.lowestM, positions[up]);
      part_.highestM = std::max(part_.highestM, positions[up]);
    }
    return {first, std::move(positions)};
  }

  // A primitive of vertices [first, first + count) of the set whose views
  // begin at `views` and `triangles` (relative to `first`).
  void primitive(std::uint64_t views, std::span<const float> positions, std::uint64_t first, std::uint64_t count,
                 const StoredTriangles& triangles, bool skirt) {
    const auto [min, max] = isla_gltf::positionBounds(positions.subspan(first * 3, count * 3));
    part_.views.push_back(triangleView(triangles));
    part_.primitives.push_back({.vertexViews = views,
                                .firstVertex = first,
                                .vertexCount = count,
                                .min = min,
                                .max = max,
                                .triangleView = part_.views.size() - 1,
                                .skirt = skirt});
  }

  // The primitives of triangles over a vertex set: as many as 16-bit indices need (isla_gltf::indexParts).
  void indexed(std::uint64_t views, std::span<const float> positions, std::span<const std::uint32_t> indices,
               std::size_t vertexCount, bool skirt) {
    for (const isla_gltf::IndexPart& share : isla_gltf::indexParts(indices, 0, indices.size(), vertexCount)) {
      if (share.indexCount == 0) continue;
      std::vector<std::uint32_t> relative;
      relative.reserve(share.indexCount);
      for (const std::uint32_t index : indices.subspan(share.firstIndex, share.indexCount)) {
        relative.push_back(index - static_cast<std::uint32_t>(share.firstVertex));
      }
      primitive(views, positions, share.firstVertex, share.vertexCount,
                storeTriangles(relative, share.vertexCount, share.shortIndices, style_.compress), skirt);
    }
  }

 private:
  GlbPart& part_;
  const GlbStyle& style_;
  ExponentialAxis planar_, height_;
};

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
  const std::span<const std::uint32_t> indices(mesh.indices);
  if (mesh.askedErrorM == 0) {
    for (std::size_t v = 0; v < mesh.surfaceVertices; ++v) take(surface, v);
    part.grids.push_back({.firstVertex = first,
                          .width = static_cast<std::uint64_t>(piece.x1 - piece.x0 + 1),
                          .depth = static_cast<std::uint64_t>(piece.z1 - piece.z0 + 1)});
  } else {
    const SurfaceOrder order = codecOrder(indices.first(mesh.surfaceIndices), mesh.surfaceVertices);
    for (const std::uint32_t v : order.vertices) take(surface, v);
    makeRoom(part.surfaceIndices, order.indices.size());
    for (const std::uint32_t index : order.indices) part.surfaceIndices.push_back(first + index);
  }
  // The skirts' own vertices: the border's, copied, and those hanging below
  // them, in the order the skirts' triangles first use them.
  Vertices& skirt = part.skirt;
  constexpr auto kUnused = std::numeric_limits<std::uint32_t>::max();
  std::vector<std::uint32_t> skirtVertex(mesh.vertexCount(), kUnused);
  for (const std::uint32_t index : indices.subspan(mesh.surfaceIndices)) {
    std::uint32_t& vertex = skirtVertex[index];
    if (vertex == kUnused) {
      vertex = static_cast<std::uint32_t>(skirt.size());
      take(skirt, index);
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

GlbTile TileContent::store(const GlbStyle& style) const {
  GlbTile tile{.skirtDepthM = skirtDepthM_, .errorM = errorM_, .parts = {}};
  for (const Part& from : parts_) {
    float lowest = std::numeric_limits<float>::infinity(), highest = -lowest;
    for (const Vertices* vertices : {&from.surface, &from.skirt}) {
      for (const float height : vertices->heights) lowest = std::min(lowest, height), highest = std::max(highest, height);
    }
    GlbPart& part = tile.parts.emplace_back();
    part.patch = from.patch;
    part.lowestM = std::numeric_limits<float>::infinity();
    part.highestM = -part.lowestM;
    PartStore store(part, style, isla_3dtiles::heightExponent(lowest, highest));
    if (from.surface.size() != 0) {
      const auto [views, positions] = store.vertices(from.surface);
      for (const Grid& grid : from.grids) {
        for (const isla_gltf::IndexPart& band : isla_gltf::gridParts(grid.width, grid.depth, isla_gltf::GridMode::Triangles)) {
          store.primitive(views, positions, grid.firstVertex + band.firstVertex, band.vertexCount,
                          style.grids->band(grid.width, band), false);
        }
      }
      store.indexed(views, positions, from.surfaceIndices, from.surface.size(), false);
    }
    if (from.skirt.size() != 0) {
      const auto [views, positions] = store.vertices(from.skirt);
      store.indexed(views, positions, from.skirtIndices, from.skirt.size(), true);
    }
  }
  return tile;
}

}  // namespace isla_3dtiles
