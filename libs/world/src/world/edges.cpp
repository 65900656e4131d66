// SPDX-License-Identifier: MIT
// A source-strip edge is the source's border: its heights and normals are
// the source's. A strip-corner edge is the end line of the strip; its
// normals come from the strip's own surface (central along the line,
// one-sided into the strip across it), except at its two ends, which are
// source corners and carry the source's normal there.
#include "edges.hpp"

#include "borders.hpp"
#include "isla/json/json_text.hpp"

namespace isla {

namespace {

Side opposite(Side side) {
  switch (side) {
    case Side::North: return Side::South;
    case Side::East: return Side::West;
    case Side::South: return Side::North;
    case Side::West: return Side::East;
  }
  return Side::North;
}

// The end line of `strip` on `side` and the line next to it inside.
void stripEdge(const World& world, const Patch& strip, Side side, Edge& edge) {
  const bool vertical = isVerticalStrip(strip);
  const auto last = static_cast<std::size_t>(world.mapSize - 1);
  const bool atStart = side == Side::North || side == Side::West;
  const std::size_t lineIndex = atStart ? 0 : last;
  const std::size_t innerIndex = atStart ? 1 : last - 1;
  const auto line = stripLine(world, strip, lineIndex);
  const auto inner = stripLine(world, strip, innerIndex);
  const double spacing = world.settings.spacingM;
  const std::size_t n = line.size();

  edge.heights = line;
  edge.normals.resize(n);
  edge.normals.front() = stripStartBorder(world, strip).normals[lineIndex];
  edge.normals.back() = stripEndBorder(world, strip).normals[lineIndex];
  for (std::size_t i = 1; i + 1 < n; ++i) {
    const double along = (jsonFloat(line[i + 1]) - jsonFloat(line[i - 1])) / (2 * spacing);
    // Towards increasing X or Z, one-sided into the strip.
    const double across = atStart ? (jsonFloat(inner[i]) - jsonFloat(line[i])) / spacing
                                  : (jsonFloat(line[i]) - jsonFloat(inner[i])) / spacing;
    // A vertical strip's end lines run along x; a horizontal strip's along z.
    edge.normals[i] = vertical ? normalFromSlopes(along, across) : normalFromSlopes(across, along);
  }
}

// Whether the sources whose borders make the owner's edge were read.
bool bordersRead(const World& world, const Patch& owner) {
  const auto read = [&](std::int32_t row, std::int32_t col) {
    return world.sources[static_cast<std::size_t>(row * world.cols + col)].blueprint != nullptr;
  };
  const std::int32_t r = owner.latticeRow / 2, c = owner.latticeCol / 2;
  if (owner.kind == PatchKind::Source) return read(r, c);
  return read(r, c) && (isVerticalStrip(owner) ? read(r, c + 1) : read(r + 1, c));
}

}  // namespace

void buildEdges(World& world) {
  const double spacing = world.settings.spacingM;
  for (std::size_t a = 0; a < world.patches.size(); ++a) {
    for (const Side side : {Side::East, Side::South}) {
      const auto b = world.patches[a].neighbours[static_cast<std::size_t>(side)];
      if (!b) continue;
      const Patch& first = world.patches[a];
      const Patch& second = world.patches[*b];
      Edge edge;
      edge.id = "e-" + std::to_string(first.latticeRow) + "-" + std::to_string(first.latticeCol) + "-" +
                std::string(sideName(side));
      edge.members = {EdgeMember{a, side}, EdgeMember{*b, opposite(side)}};
      edge.axis = side == Side::East ? Axis::Z : Axis::X;
      edge.originX = side == Side::East ? first.maxX(spacing) : first.originX;
      edge.originZ = side == Side::East ? first.originZ : first.maxZ(spacing);

      const bool firstOwns = first.kind == PatchKind::Source ||
                             (first.kind == PatchKind::Strip && second.kind == PatchKind::Corner);
      const EdgeMember owner = edge.members[firstOwns ? 0 : 1];
      const Patch& ownerPatch = world.patches[owner.patch];
      edge.owner = owner.patch;
      // Left empty when its sources were not read: a shard's edge away from its patches.
      const bool source = ownerPatch.kind == PatchKind::Source;
      if (source && bordersRead(world, ownerPatch)) {
        const BorderLine& border = world.borders->sources[*ownerPatch.source].side(owner.side);
        edge.heights = border.heights;
        edge.normals = border.normals;
      } else if (bordersRead(world, ownerPatch)) {
        stripEdge(world, ownerPatch, owner.side, edge);
      }
      world.patches[a].edges[static_cast<std::size_t>(side)] = world.edges.size();
      world.patches[*b].edges[static_cast<std::size_t>(opposite(side))] = world.edges.size();
      world.edges.push_back(std::move(edge));
    }
  }
}

}  // namespace isla
