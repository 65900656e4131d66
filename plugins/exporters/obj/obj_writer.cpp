// SPDX-License-Identifier: MIT
// One group a patch, in lattice order. Each selected row of a patch is
// formatted into one buffer and written: its vertices (v, vn), their UVs
// (vt) and the faces of the cells between it and the row before. What is
// held is three rows of heights and two of indices, and with weld each
// patch's east column and south row of indices for the neighbour after it,
// never the mesh.
#include "obj_writer.hpp"

#include <isla/world/vertex_normal.hpp>

#include <algorithm>
#include <array>
#include <charconv>
#include <functional>
#include <limits>
#include <stdexcept>
#include <string>
#include <type_traits>

namespace isla_obj {

namespace {

using Index = std::uint32_t;  // OBJ indices count from 1; 0 is never one

constexpr std::uint64_t kMaxIndex = std::numeric_limits<Index>::max();

void write(isla::ByteSink& out, std::string_view text) { out.write(std::as_bytes(std::span(text))); }

template <class T>
void put(std::string& out, T value) {
  char buffer[32];
  if constexpr (std::is_floating_point_v<T>) value += T(0);  // -0 as 0: a sign of zero is noise
  const auto end = std::to_chars(buffer, buffer + sizeof buffer, value).ptr;
  out.append(buffer, end);
}

template <class... T>
void putLine(std::string& out, std::string_view tag, T... values) {
  out += tag;
  ((out += ' ', put(out, values)), ...);
  out += '\n';
}

void putCorner(std::string& out, Index vertex, std::uint64_t uv) {
  out += ' ';
  put(out, vertex);
  out += '/';
  put(out, uv);
  out += '/';
  put(out, vertex);  // each vertex has its own normal, written with it
}

std::string materialName(const isla::World& world, const isla::Patch& patch) {
  return patch.source ? "biome-" + world.sources[*patch.source].id : std::string("transition");
}

// The rows around the one being written, copied out of the patch's stream:
// a row's neighbours give its normals.
class RowCache {
 public:
  RowCache(const isla::World& world, std::size_t patch) : rows_(world.heights(patch)) {}

  // Rows are asked for in non-decreasing order, at most three at a time.
  std::span<const float> row(std::int32_t z) {
    for (const Slot& slot : slots_) {
      if (slot.z == z) return slot.heights;
    }
    Slot& oldest =
        *std::min_element(slots_.begin(), slots_.end(), [](const Slot& a, const Slot& b) { return a.z < b.z; });
    const auto heights = rows_.row(z);
    oldest.heights.assign(heights.begin(), heights.end());
    oldest.z = z;
    return oldest.heights;
  }

 private:
  struct Slot {
    std::int32_t z = -1;
    std::vector<float> heights;
  };
  isla::PatchRows rows_;
  std::array<Slot, 3> slots_;
};

// The indices of a written patch's east column and south row, by selection
// position, for the neighbours that share them.
struct SharedSides {
  std::vector<Index> east;
  std::vector<Index> south;
};

class MeshWriter {
 public:
  MeshWriter(isla::ByteSink& out, const isla::World& world, const MeshOptions& options)
      : out_(out), world_(world), options_(options), shared_(world.patches.size()) {}

  void patch(std::size_t index, const Selection& selection, const std::function<void()>& rowWritten) {
    const isla::Patch& patch = world_.patches[index];
    const double spacing = world_.settings.spacingM;
    const std::size_t nx = selection.xs.size();
    const SharedSides* west = sharedSide(patch, isla::Side::West);
    const SharedSides* north = sharedSide(patch, isla::Side::North);
    SharedSides* mine = options_.weld ? &shared_[index].emplace() : nullptr;

    text_ = "g " + patch.id + "\nusemtl " + materialName(world_, patch) + "\n";
    RowCache rows(world_, index);
    std::vector<Index> above(nx), below(nx);
    const std::uint64_t firstUv = uvs_ + 1;
    for (std::size_t k = 0; k < selection.zs.size(); ++k) {
      const std::int32_t z = selection.zs[k];
      const std::int32_t zNorth = std::max(z - 1, 0), zSouth = std::min(z + 1, patch.pointsZ - 1);
      const auto northRow = rows.row(zNorth);
      const auto here = rows.row(z);
      const auto southRow = rows.row(zSouth);
      for (std::size_t m = 0; m < nx; ++m) {
        const std::int32_t x = selection.xs[m];
        if (west && m == 0) {
          below[m] = west->east[k];
        } else if (north && k == 0) {
          below[m] = north->south[m];
        } else {
          const isla::Normal normal = isla::vertexNormal(world_, patch, x, z, {northRow, here, southRow});
          below[m] = ++vertices_;
          putLine(text_, "v", patch.originX + x * spacing, here[static_cast<std::size_t>(x)],
                  patch.originZ + z * spacing);
          putLine(text_, "vn", static_cast<float>(normal.x), static_cast<float>(normal.y),
                  static_cast<float>(normal.z));
        }
        // Texel centres of the patch's own image, north at the top.
        putLine(text_, "vt", static_cast<float>((x + 0.5) / patch.pointsX),
                static_cast<float>(1 - (z + 0.5) / patch.pointsZ));
      }
      if (k > 0) faces(above, below, firstUv + (k - 1) * nx, nx);
      write(out_, text_);
      text_.clear();
      if (mine) {
        mine->east.push_back(below.back());
        if (k + 1 == selection.zs.size()) mine->south = below;
      }
      std::swap(above, below);
      rowWritten();
    }
    uvs_ += nx * selection.zs.size();
  }

 private:
  const SharedSides* sharedSide(const isla::Patch& patch, isla::Side side) const {
    const auto neighbour = patch.neighbours[static_cast<std::size_t>(side)];
    if (!options_.weld || !neighbour || !shared_[*neighbour]) return nullptr;
    return &*shared_[*neighbour];
  }

  // The cells between two rows: NW-SE-NE and NW-SW-SE, counter-clockwise
  // seen from above (+Y), the contract's NW-SE split.
  void faces(const std::vector<Index>& north, const std::vector<Index>& south, std::uint64_t northUv, std::size_t nx) {
    const std::uint64_t southUv = northUv + nx;
    for (std::size_t m = 1; m < nx; ++m) {
      text_ += 'f';
      putCorner(text_, north[m - 1], northUv + m - 1);
      putCorner(text_, south[m], southUv + m);
      putCorner(text_, north[m], northUv + m);
      text_ += "\nf";
      putCorner(text_, north[m - 1], northUv + m - 1);
      putCorner(text_, south[m - 1], southUv + m - 1);
      putCorner(text_, south[m], southUv + m);
      text_ += '\n';
    }
  }

  isla::ByteSink& out_;
  const isla::World& world_;
  const MeshOptions& options_;
  std::vector<std::optional<SharedSides>> shared_;
  std::string text_;
  Index vertices_ = 0;
  std::uint64_t uvs_ = 0;
};

}  // namespace

void writeObj(isla::ByteSink& out, const isla::World& world, const MeshOptions& options, isla::Progress& progress) {
  std::vector<std::optional<Selection>> selections;
  std::uint64_t rows = 0, samples = 0;
  for (const isla::Patch& patch : world.patches) {
    selections.push_back(selectSamples(patch, world.settings.spacingM, options));
    if (const auto& s = selections.back()) {
      rows += s->zs.size();
      samples += static_cast<std::uint64_t>(s->xs.size()) * s->zs.size();
    }
  }
  if (rows == 0) throw std::invalid_argument("the window holds no cell of the world");
  // Every sample has its own UV, so their count bounds every index.
  if (samples > kMaxIndex) {
    throw std::invalid_argument("the mesh needs " + std::to_string(samples) +
                                " UVs, more than 32-bit indices reach; choose a larger stride or a window");
  }

  write(out, "# Terrain of an isla-tool world: metres, Y up, X east, Z south\nmtllib ");
  write(out, kMtlFile);
  write(out, "\n");
  MeshWriter writer(out, world, options);
  std::uint64_t written = 0;
  for (std::size_t p = 0; p < world.patches.size(); ++p) {
    if (!selections[p]) continue;
    writer.patch(p, *selections[p],
                 [&] { progress.update(static_cast<double>(++written) / static_cast<double>(rows)); });
  }
}

void writeMtl(isla::ByteSink& out, const isla::World& world) {
  std::string text = "# Materials of terrain.obj: a source patch's biome image\n";
  for (const isla::WorldSource& source : world.sources) {
    text += "newmtl biome-" + source.id + "\nKd 1 1 1\nmap_Kd biome/" + source.id + ".png\n";
  }
  text += "newmtl transition\nKd 0.5 0.5 0.5\n";
  write(out, text);
}

}  // namespace isla_obj
