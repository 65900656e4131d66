// SPDX-License-Identifier: MIT
#include "isla/world/world.hpp"

#include <algorithm>
#include <stdexcept>

#include "borders.hpp"

namespace isla {

std::string_view patchKindName(PatchKind kind) {
  switch (kind) {
    case PatchKind::Source: return "source";
    case PatchKind::Strip: return "strip";
    case PatchKind::Corner: return "corner";
  }
  return "source";
}

std::string_view sideName(Side side) {
  switch (side) {
    case Side::North: return "north";
    case Side::East: return "east";
    case Side::South: return "south";
    case Side::West: return "west";
  }
  return "north";
}

std::string_view axisName(Axis axis) { return axis == Axis::X ? "x" : "z"; }

const Raster& WorldSource::heights() const {
  const HeightGrid* grid = blueprint->role<HeightGrid>();
  if (!grid) throw std::logic_error("source '" + id + "' has no heights role");
  return grid->raw;
}

World::BorderView World::sourceBorder(std::size_t source, Side side) const {
  if (!borders || source >= borders->sources.size()) return {};
  const BorderLine& line = borders->sources[source].side(side);
  return {line.heights, line.normals};
}

const Patch* World::patch(std::int32_t latticeRow, std::int32_t latticeCol) const {
  if (latticeRow < 0 || latticeCol < 0 || latticeRow >= latticeRows() || latticeCol >= latticeCols()) {
    return nullptr;
  }
  return &patches[static_cast<std::size_t>(latticeRow * latticeCols() + latticeCol)];
}

PatchRows World::heights(std::size_t patch) const { return PatchRows(*this, patch); }
PatchRows World::heights(std::size_t patch, std::int32_t endRow) const { return PatchRows(*this, patch, endRow); }

}  // namespace isla
