// SPDX-License-Identifier: MIT
// Vertices row by row, so that neighbouring vertices lie near each other in
// the buffer. A level's error is the largest of its triangles' own errors,
// each measured against every sample under it by the error pass.
#include "isla/mesh/terrain_mesher.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>
#include <stdexcept>
#include <string>

#include "height_grid.hpp"
#include "rtin.hpp"
#include "skirts.hpp"

namespace isla {

using mesh::GridPoint;
using mesh::HeightGrid;

struct TerrainMesher::Impl {
  SampleRect rect;
  double spacingM;
  std::vector<double> askedErrorsM;
  HeightGrid grid;
  mesh::RtinErrors errors;
};

namespace {

HeightGrid checkedGrid(const SampleRect& rect, const std::vector<float>& heights) {
  if (rect.width() < 2 || rect.depth() < 2) {
    throw std::invalid_argument("terrain mesher: a rectangle needs two samples each way, not " +
                                std::to_string(rect.width()) + " x " + std::to_string(rect.depth()));
  }
  if (heights.size() != static_cast<std::size_t>(rect.width()) * static_cast<std::size_t>(rect.depth())) {
    throw std::invalid_argument("terrain mesher: " + std::to_string(heights.size()) + " heights for a rectangle of " +
                                std::to_string(rect.width()) + " x " + std::to_string(rect.depth()) + " samples");
  }
  return HeightGrid(heights, rect.width(), rect.depth());
}

void checkMetres(double value, const char* what) {
  if (!std::isfinite(value) || value < 0) {
    std::ostringstream text;
    text << "terrain mesher: " << what << " must be a finite number of metres >= 0, not " << value;
    throw std::invalid_argument(text.str());
  }
}

// Every sample, row by row, and (`withTriangles`) each cell's two triangles
// by the contract's NW-SE rule: {NW, SE, NE} and {NW, SW, SE}. Every sample
// is a vertex, so the error is 0. With room for the skirts when they follow
// (a lower vertex a border sample, two triangles a border cell), so that
// the largest mesh is never copied to grow.
TerrainMesh contractGrid(const SampleRect& rect, double spacingM, const HeightGrid& grid, bool withSkirts,
                         bool withTriangles) {
  const auto width = static_cast<std::uint32_t>(grid.width()), depth = static_cast<std::uint32_t>(grid.depth());
  const std::size_t border = withSkirts ? 2 * (std::size_t{width} + depth) - 4 : 0;
  const std::size_t vertices = std::size_t{width} * depth;
  const std::size_t cells = withTriangles ? std::size_t{width - 1} * (depth - 1) : 0;
  TerrainMesh mesh;
  mesh.samples.reserve(vertices + border);
  mesh.positions.reserve((vertices + border) * 3);
  mesh.indices.reserve((cells + border) * 6);
  // Sized, then written in place: the largest mesh, built for every chunk.
  mesh.samples.resize(vertices);
  mesh.positions.resize(vertices * 3);
  mesh.indices.resize(cells * 6);
  auto* sample = mesh.samples.data();
  float* position = mesh.positions.data();
  for (std::int32_t z = 0; z < grid.depth(); ++z) {
    const float* heights = grid.row(z);
    const auto south = static_cast<float>(z * spacingM);
    for (std::int32_t x = 0; x < grid.width(); ++x) {
      *sample++ = {rect.x0 + x, rect.z0 + z};
      *position++ = static_cast<float>(x * spacingM);
      *position++ = heights[x];
      *position++ = south;
    }
  }
  std::uint32_t* index = mesh.indices.data();
  for (std::uint32_t z = 1; z < depth && withTriangles; ++z) {
    for (std::uint32_t x = 1; x < width; ++x) {
      const std::uint32_t nw = (z - 1) * width + x - 1, ne = nw + 1, sw = nw + width, se = sw + 1;
      for (const std::uint32_t corner : {nw, se, ne, nw, sw, se}) *index++ = corner;
    }
  }
  mesh.surfaceVertices = mesh.samples.size();
  mesh.surfaceIndices = mesh.indices.size();
  return mesh;
}

// Counter-clockwise seen from +Y: with x east and z south, the turn from ab
// to ac is negative in (x, z).
bool facesUp(GridPoint a, GridPoint b, GridPoint c) {
  return std::int64_t{b.x - a.x} * (c.z - a.z) - std::int64_t{b.z - a.z} * (c.x - a.x) < 0;
}

// The RTIN's triangles as vertices (the samples they use, row by row) and
// indices.
TerrainMesh rtinSurface(const SampleRect& rect, double spacingM, const HeightGrid& grid, const mesh::RtinMesh& rtin) {
  const auto width = static_cast<std::size_t>(grid.width());
  constexpr std::uint32_t kUnused = std::numeric_limits<std::uint32_t>::max();
  std::vector<std::uint32_t> vertexOf(width * static_cast<std::size_t>(grid.depth()), kUnused);
  const auto slot = [&](GridPoint p) -> std::uint32_t& {
    return vertexOf[static_cast<std::size_t>(p.z) * width + static_cast<std::size_t>(p.x)];
  };
  for (const auto& triangle : rtin.triangles) {
    for (const GridPoint p : triangle) slot(p) = 0;
  }
  TerrainMesh mesh;
  for (std::int32_t z = 0; z < grid.depth(); ++z) {
    for (std::int32_t x = 0; x < grid.width(); ++x) {
      std::uint32_t& vertex = slot({x, z});
      if (vertex == kUnused) continue;
      vertex = static_cast<std::uint32_t>(mesh.samples.size());
      mesh.samples.push_back({rect.x0 + x, rect.z0 + z});
      mesh.positions.insert(mesh.positions.end(),
                            {static_cast<float>(x * spacingM), grid.at({x, z}), static_cast<float>(z * spacingM)});
    }
  }
  mesh.indices.reserve(rtin.triangles.size() * 3);
  for (const auto& [a, b, c] : rtin.triangles) {
    if (facesUp(a, b, c)) mesh.indices.insert(mesh.indices.end(), {slot(a), slot(b), slot(c)});
    else mesh.indices.insert(mesh.indices.end(), {slot(a), slot(c), slot(b)});
  }
  mesh.surfaceVertices = mesh.samples.size();
  mesh.surfaceIndices = mesh.indices.size();
  mesh.errorM = rtin.errorM;
  return mesh;
}

}  // namespace

TerrainMesher::TerrainMesher(const SampleRect& rect, std::vector<float> heights, double spacingM,
                             std::vector<double> askedErrorsM)
    : impl_(std::make_unique<Impl>(Impl{rect, spacingM, std::move(askedErrorsM), checkedGrid(rect, heights), {}})) {
  const auto& asked = impl_->askedErrorsM;
  for (const double error : asked) checkMetres(error, "an asked error");
  // At 0 every mesh is the contract's grid, which needs no error pass.
  if (asked.empty() || std::any_of(asked.begin(), asked.end(), [](double error) { return error > 0; })) {
    impl_->errors = mesh::rtinErrors(impl_->grid, asked);
  }
}

TerrainMesher::TerrainMesher(TerrainMesher&&) noexcept = default;
TerrainMesher& TerrainMesher::operator=(TerrainMesher&&) noexcept = default;
TerrainMesher::~TerrainMesher() = default;

const SampleRect& TerrainMesher::rect() const { return impl_->rect; }

float TerrainMesher::height(std::int32_t x, std::int32_t z) const {
  return impl_->grid.at({x - impl_->rect.x0, z - impl_->rect.z0});
}

TerrainMesh TerrainMesher::mesh(const MeshRequest& request) const {
  checkMetres(request.maxErrorM, "the maximum error");
  checkMetres(request.skirtM, "the skirt depth");
  const auto& asked = impl_->askedErrorsM;
  if (request.maxErrorM > 0 && !asked.empty() && std::find(asked.begin(), asked.end(), request.maxErrorM) == asked.end()) {
    std::ostringstream text;
    text << "terrain mesher: the maximum error " << request.maxErrorM
         << " m is not one of the errors this mesher was made for; make it with every error it will be asked";
    throw std::invalid_argument(text.str());
  }
  TerrainMesh mesh = request.maxErrorM == 0
                         ? contractGrid(impl_->rect, impl_->spacingM, impl_->grid, request.skirtM > 0,
                                        request.gridTriangles)
                         : rtinSurface(impl_->rect, impl_->spacingM, impl_->grid,
                                       mesh::rtinMesh(impl_->grid, impl_->errors, request.maxErrorM));
  mesh.askedErrorM = request.maxErrorM;
  if (request.skirtM > 0) mesh::addSkirts(mesh, impl_->rect, request.skirtM);
  return mesh;
}

std::vector<float> rectHeights(const SampleRect& rect,
                               const std::function<std::span<const float>(std::int32_t z)>& row) {
  std::vector<float> heights;
  heights.reserve(static_cast<std::size_t>(rect.width()) * static_cast<std::size_t>(rect.depth()));
  for (std::int32_t z = rect.z0; z <= rect.z1; ++z) {
    const auto whole = row(z).subspan(static_cast<std::size_t>(rect.x0), static_cast<std::size_t>(rect.width()));
    heights.insert(heights.end(), whole.begin(), whole.end());
  }
  return heights;
}

double skirtDepth(double ownErrorM, double neighbourErrorM) {
  constexpr double kRoundingM = 0.01;
  return ownErrorM == 0 && neighbourErrorM == 0 ? 0 : ownErrorM + neighbourErrorM + kRoundingM;
}

}  // namespace isla
