// SPDX-License-Identifier: MIT
// The compiled world: the patch lattice (sources at even/even cells, strips
// at even/odd and odd/even, corners at odd/odd), the shared edges with their
// canonical heights and normals, scenery, water regions and the report
// figures. Exporters read this and the sources' roles (WorldSource::role),
// never a blueprint's sections by tag. Heights are not held:
// a patch's rows are made on demand from its source or from the source
// borders around it, so no step needs every height of the world at once.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "isla/base/api.hpp"
#include "isla/bundle/source_bundle.hpp"
#include "isla/model/blueprint.hpp"
#include "isla/world/layout.hpp"
#include "isla/world/scenery.hpp"

namespace isla {

enum class PatchKind : std::uint8_t { Source, Strip, Corner };
enum class Side : std::uint8_t { North, East, South, West };
enum class Axis : std::uint8_t { X, Z };  // X: runs east (north/south sides); Z: runs south

std::string_view patchKindName(PatchKind kind);  // "source", "strip", "corner"
std::string_view sideName(Side side);            // "north", ...
std::string_view axisName(Axis axis);            // "x", "z"
inline constexpr std::array<Side, 4> kSides{Side::North, Side::East, Side::South, Side::West};

struct Normal {
  double x = 0;
  double y = 1;
  double z = 0;
};

struct WorldSource {
  std::string id;
  std::string ns;
  std::string file;    // as the layout gives it
  std::string sha256;  // of the file's bytes, lower-case hex
  std::int32_t row = 0;
  std::int32_t col = 0;
  std::shared_ptr<const Blueprint> blueprint;
  std::size_t patch = 0;  // index into World::patches
  std::shared_ptr<const SourceBundle> bundle;  // null for a bare blueprint
  SourceFormat format = SourceFormat::V2;      // the blueprint's, also when it is not held

  // The heights role's grid (raw units); the compile refuses a source without.
  const Raster& heights() const;
  // A role of the source's blueprint, or null when no section fills it.
  template <class T>
  const T* role() const {
    return blueprint->role<T>();
  }
};

struct Patch {
  std::string id;  // "p-<lattice_row>-<lattice_col>"
  PatchKind kind = PatchKind::Source;
  std::int32_t latticeRow = 0;
  std::int32_t latticeCol = 0;
  std::optional<std::size_t> source;  // index into World::sources, for source patches
  double originX = 0;                 // metres
  double originZ = 0;
  std::int32_t pointsX = 0;
  std::int32_t pointsZ = 0;
  std::array<std::optional<std::size_t>, 4> neighbours;  // by Side: patch index
  std::array<std::optional<std::size_t>, 4> edges;       // by Side: edge index

  double maxX(double spacingM) const { return originX + (pointsX - 1) * spacingM; }
  double maxZ(double spacingM) const { return originZ + (pointsZ - 1) * spacingM; }
};

struct EdgeMember {
  std::size_t patch = 0;
  Side side = Side::North;
};

struct Edge {
  std::string id;  // "e-<row>-<col>-east" / "-south" of the north/west member
  std::size_t owner = 0;                // the patch whose heights define the normals
  std::array<EdgeMember, 2> members{};  // north or west member first
  Axis axis = Axis::X;
  double originX = 0;
  double originZ = 0;
  std::vector<float> heights;    // float32 metres, in increasing X or Z
  std::vector<Normal> normals;   // unit, upward, one a sample
};

struct PatchStats {
  double minHeightM = 0;  // as read back from the written decimal
  double maxHeightM = 0;
  double maxSlopeDeg = 0;
  double overshootM = 0;
};

struct WaterRegion {
  std::string id;  // "<namespace>:water:<body id>"
  std::size_t source = 0;
  std::size_t patch = 0;
  std::uint16_t bodyId = 0;
  std::string kind;  // "ocean", "lake"
  double minX = 0, minZ = 0, maxX = 0, maxZ = 0;  // footprint, world metres
  double levelM = 0;
};

struct WorldWarning {
  std::string code;
  std::string subject;  // the patch or source id it is about
  std::string message;
};

class PatchRows;

class ISLA_API World {
 public:
  std::string name;
  WorldSettings settings;
  std::int32_t rows = 0;  // of sources
  std::int32_t cols = 0;
  std::int32_t mapSize = 0;
  std::vector<WorldSource> sources;  // by (row, col)
  std::vector<Patch> patches;        // by (latticeRow, latticeCol)
  std::vector<Edge> edges;           // by id's cell, east before south
  std::vector<Scenery> scenery;      // one a source, same order
  std::vector<WaterRegion> waterRegions;
  std::vector<PatchStats> stats;     // one a patch
  std::vector<WorldWarning> warnings;

  std::int32_t latticeRows() const { return 2 * rows - 1; }
  std::int32_t latticeCols() const { return 2 * cols - 1; }
  const Patch* patch(std::int32_t latticeRow, std::int32_t latticeCol) const;

  // Streams one patch's heights row by row (heights_m[z][x], float32 metres).
  PatchRows heights(std::size_t patch) const;
  // The same for a reader that stops before row `endRow`: the rows are made
  // in bands, and none reaches past it.
  PatchRows heights(std::size_t patch, std::int32_t endRow) const;

  // Source `source`'s border line on `side`: its heights and canonical
  // normals in increasing X or Z, which the strip beside it is made from;
  // empty when the source was not read.
  struct BorderView {
    std::span<const float> heights;
    std::span<const Normal> normals;
  };
  BorderView sourceBorder(std::size_t source, Side side) const;

  // Internal: what the rows of strips and corners are made from.
  struct Borders;
  std::shared_ptr<const Borders> borders;
  // Instead: every patch's heights held whole, row-major (z, then x), as a
  // package read back holds them (package_world.hpp); null when compiled.
  std::shared_ptr<const std::vector<std::vector<float>>> heldHeights;
};

// A patch's heights, one row (fixed z) at a time, in increasing z. The span
// of row z stays valid until row z + 2 is asked for, so that a caller can
// look at two neighbouring rows at once.
class ISLA_API PatchRows {
 public:
  PatchRows(const World& world, std::size_t patch);
  PatchRows(const World& world, std::size_t patch, std::int32_t endRow);
  PatchRows(PatchRows&&) noexcept;
  ~PatchRows();

  std::int32_t pointsX() const;
  std::int32_t pointsZ() const;
  std::span<const float> row(std::int32_t z);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// The height at world (x, z) on one patch by the contract's NW-SE rule,
// from heights as a JSON reader gets them back; (x, z) is clamped to the patch.
double sampleHeight(const World& world, std::size_t patch, double x, double z);

}  // namespace isla
