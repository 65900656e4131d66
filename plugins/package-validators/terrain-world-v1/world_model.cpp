// SPDX-License-Identifier: MIT
#include "world_model.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

#include <isla/json/json_text.hpp>

#include "json_values.hpp"

namespace isla::terrain_world {

namespace {

namespace json = boost::json;

Reference reference(const json::value& v, const std::string& file, std::string pointer) {
  return {str(v.at("path")), str(v.at("sha256")), file, std::move(pointer)};
}

std::string kindOfCell(std::int64_t row, std::int64_t col) {
  if (row % 2 == 0 && col % 2 == 0) return "source";
  return row % 2 == 1 && col % 2 == 1 ? "corner" : "strip";
}

// World grid units: the first grid coordinate of lattice row or column `i`
// and its point count along that axis.
struct Span {
  std::int64_t start, points;
};
Span spanOf(std::int64_t i, std::int64_t mapSize, std::int64_t gap) {
  const std::int64_t period = mapSize - 1 + gap;
  if (i % 2 == 0) return {(i / 2) * period, mapSize};
  return {(i / 2) * period + mapSize - 1, gap + 1};
}

void checkSources(WorldModel& model, Report& report, bool& gridIntact) {
  std::set<std::string> ids, namespaces;
  std::map<std::pair<std::int64_t, std::int64_t>, std::string> cells;
  std::int64_t rows = 0, cols = 0;
  for (std::size_t i = 0; i < model.sources.size(); ++i) {
    const auto& s = model.sources[i];
    const std::string pointer = at("/sources", i);
    if (!ids.insert(s.id).second) {
      report.error("world.source-grid", model.file, at(pointer, "id"), "source id '" + s.id + "' is used twice; ids are unique");
    }
    if (!namespaces.insert(s.ns).second) {
      report.error("world.source-grid", model.file, at(pointer, "namespace"),
                   "namespace '" + s.ns + "' is used twice; every source has its own");
    }
    const auto [it, added] = cells.emplace(std::pair(s.row, s.col), s.id);
    if (!added) {
      report.error("world.source-grid", model.file, pointer,
                   "sources '" + it->second + "' and '" + s.id + "' are both at row " + std::to_string(s.row) +
                       ", col " + std::to_string(s.col) + "; one source a cell");
    }
    rows = std::max(rows, s.row + 1);
    cols = std::max(cols, s.col + 1);
    if (s.mapSize != model.sources.front().mapSize) {
      report.error("world.source-grid", model.file, at(pointer, "map_size"),
                   "map_size " + std::to_string(s.mapSize) + " differs from the " +
                       std::to_string(model.sources.front().mapSize) + " of '" + model.sources.front().id +
                       "'; every source of a world has one MapSize");
      gridIntact = false;
    }
    if (i > 0) {
      const auto& p = model.sources[i - 1];
      if (std::pair(p.row, p.col) >= std::pair(s.row, s.col)) {
        report.error("world.order", model.file, pointer,
                     "source '" + s.id + "' comes after '" + p.id + "'; sources are ordered by (row, col)");
      }
    }
    if (s.patchId != patchId(2 * s.row, 2 * s.col)) {
      report.error("world.lattice", model.file, at(pointer, "patch_id"),
                   "source '" + s.id + "' at row " + std::to_string(s.row) + ", col " + std::to_string(s.col) +
                       " names patch '" + s.patchId + "'; its patch is " + patchId(2 * s.row, 2 * s.col));
    }
  }
  if (static_cast<std::uint64_t>(rows) * static_cast<std::uint64_t>(cols) != cells.size()) {
    gridIntact = false;
    report.error("world.source-grid", model.file, "/sources",
                 "the sources do not fill a full " + std::to_string(rows) + " x " + std::to_string(cols) +
                     " grid (" + std::to_string(cells.size()) + " cells taken); every cell holds one source");
  }
  if (gridIntact && (model.latticeRows != 2 * rows - 1 || model.latticeCols != 2 * cols - 1)) {
    gridIntact = false;
    report.error("world.lattice", model.file, "/lattice",
                 "the lattice is " + std::to_string(model.latticeRows) + " x " + std::to_string(model.latticeCols) +
                     " but " + std::to_string(rows) + " x " + std::to_string(cols) + " sources make one of " +
                     std::to_string(2 * rows - 1) + " x " + std::to_string(2 * cols - 1));
  }
}

void checkPatchCells(WorldModel& model, Report& report, bool gridIntact) {
  const std::uint64_t expected =
      static_cast<std::uint64_t>(model.latticeRows) * static_cast<std::uint64_t>(model.latticeCols);
  bool intact = gridIntact;
  if (model.patches.size() != expected) {
    intact = false;
    report.error("world.lattice", model.file, "/patches",
                 std::to_string(model.patches.size()) + " patches for a lattice of " + std::to_string(model.latticeRows) +
                     " x " + std::to_string(model.latticeCols) + "; a full lattice has " + std::to_string(expected));
  }
  std::map<std::pair<std::int64_t, std::int64_t>, std::string> sourceAt;
  for (const auto& s : model.sources) sourceAt[{2 * s.row, 2 * s.col}] = s.id;
  std::set<std::pair<std::int64_t, std::int64_t>> seen;
  for (std::size_t i = 0; i < model.patches.size(); ++i) {
    const auto& p = model.patches[i];
    const std::string pointer = at("/patches", i);
    const auto cell = std::pair(p.latticeRow, p.latticeCol);
    if (p.latticeRow >= model.latticeRows || p.latticeCol >= model.latticeCols) {
      intact = false;
      report.error("world.lattice", model.file, pointer,
                   "patch '" + p.id + "' is at lattice cell (" + std::to_string(p.latticeRow) + ", " +
                       std::to_string(p.latticeCol) + "), outside the lattice");
    } else if (!seen.insert(cell).second) {
      intact = false;
      report.error("world.lattice", model.file, pointer, "two patches are at lattice cell (" +
                                                         std::to_string(p.latticeRow) + ", " +
                                                         std::to_string(p.latticeCol) + "); one patch a cell");
    }
    if (i > 0 && std::pair(model.patches[i - 1].latticeRow, model.patches[i - 1].latticeCol) >= cell) {
      intact = false;
      report.error("world.order", model.file, pointer,
                   "patch '" + p.id + "' comes after '" + model.patches[i - 1].id +
                       "'; patches are ordered by (lattice_row, lattice_col)");
    }
    if (p.id != patchId(p.latticeRow, p.latticeCol)) {
      intact = false;
      report.error("world.lattice", model.file, at(pointer, "id"),
                   "the patch at lattice cell (" + std::to_string(p.latticeRow) + ", " + std::to_string(p.latticeCol) +
                       ") is '" + p.id + "'; its id is " + patchId(p.latticeRow, p.latticeCol));
    }
    const std::string kind = kindOfCell(p.latticeRow, p.latticeCol);
    if (p.kind != kind) {
      intact = false;
      report.error("world.lattice", model.file, at(pointer, "kind"),
                   "patch '" + p.id + "' is a " + p.kind + " but its lattice cell makes it a " + kind +
                       " (source: even/even, corner: odd/odd, strip: otherwise)");
    }
    const auto source = sourceAt.find(cell);
    const std::optional<std::string> sourceId =
        source == sourceAt.end() ? std::nullopt : std::optional<std::string>(source->second);
    if (kind == "source" && p.sourceId != sourceId) {
      report.error("world.lattice", model.file, at(pointer, "source_id"),
                   "patch '" + p.id + "' names source '" + p.sourceId.value_or("null") + "'; the source at its cell is '" +
                       sourceId.value_or("none") + "'");
    } else if (kind != "source" && p.sourceId) {
      report.error("world.lattice", model.file, at(pointer, "source_id"),
                   "patch '" + p.id + "' is a " + kind + ", so its source_id is null, not '" + *p.sourceId + "'");
    }
  }
  model.latticeIntact = intact;
}

void checkGeometry(const WorldModel& model, Report& report) {
  const std::int64_t mapSize = model.sources.front().mapSize;
  const double s = model.spacing;
  for (std::size_t i = 0; i < model.patches.size(); ++i) {
    const auto& p = model.patches[i];
    const std::string pointer = at("/patches", i);
    const Span x = spanOf(p.latticeCol, mapSize, model.gapCells);
    const Span z = spanOf(p.latticeRow, mapSize, model.gapCells);
    if (p.pointsX != x.points || p.pointsZ != z.points) {
      report.error("world.patch-geometry", model.file, pointer,
                   "patch '" + p.id + "' has " + std::to_string(p.pointsX) + " x " + std::to_string(p.pointsZ) +
                       " points; a " + p.kind + " of this world has " + std::to_string(x.points) + " x " +
                       std::to_string(z.points) + " (MapSize " + std::to_string(mapSize) + ", gap_cells " +
                       std::to_string(model.gapCells) + ")");
    }
    const double ox = static_cast<double>(x.start) * s, oz = static_cast<double>(z.start) * s;
    if (!close(p.originX, ox) || !close(p.originZ, oz)) {
      report.error("world.patch-geometry", model.file, at(pointer, "origin_m"),
                   "patch '" + p.id + "' has its origin at [" + numberText(p.originX) + ", " + numberText(p.originZ) +
                       "]; its lattice cell puts it at [" + numberText(ox) + ", " + numberText(oz) + "]");
    }
    const double maxX = p.originX + static_cast<double>(p.pointsX - 1) * s;
    const double maxZ = p.originZ + static_cast<double>(p.pointsZ - 1) * s;
    if (!close(p.minX, p.originX) || !close(p.minZ, p.originZ) || !close(p.maxX, maxX) || !close(p.maxZ, maxZ)) {
      report.error("world.patch-geometry", model.file, at(pointer, "bounds_m"),
                   "patch '" + p.id + "' has bounds [" + numberText(p.minX) + ", " + numberText(p.minZ) + "] .. [" +
                       numberText(p.maxX) + ", " + numberText(p.maxZ) + "]; its origin, point counts and spacing_m give [" +
                       numberText(p.originX) + ", " + numberText(p.originZ) + "] .. [" + numberText(maxX) + ", " +
                       numberText(maxZ) + "]");
    }
  }
}

const PatchEntry* cellPatch(const WorldModel& model, std::int64_t row, std::int64_t col) {
  if (row < 0 || col < 0 || row >= model.latticeRows || col >= model.latticeCols) return nullptr;
  return &model.patches[static_cast<std::size_t>(row * model.latticeCols + col)];
}

// Shared edge coordinates agree exactly between the two members.
void checkSharedEdge(const WorldModel& model, const PatchEntry& p, const PatchEntry& other, bool east,
                     std::size_t index, Report& report) {
  const double mine = east ? p.maxX : p.maxZ, theirs = east ? other.minX : other.minZ;
  const double lo = east ? p.minZ : p.minX, hi = east ? p.maxZ : p.maxX;
  const double otherLo = east ? other.minZ : other.minX, otherHi = east ? other.maxZ : other.maxX;
  if (mine == theirs && lo == otherLo && hi == otherHi) return;
  const std::string across = east ? "x" : "z", along = east ? "z" : "x";
  report.error("world.patch-adjacency", model.file, at(at("/patches", index), "bounds_m"),
               "patch '" + p.id + "' and its " + (east ? "east" : "south") + " neighbour '" + other.id +
                   "' do not share their edge: max_" + across + " " + numberText(mine) + " vs min_" + across + " " +
                   numberText(theirs) + ", " + along + " " + numberText(lo) + ".." + numberText(hi) + " vs " +
                   numberText(otherLo) + ".." + numberText(otherHi) + "; neighbours duplicate their edge vertices");
}

void checkNeighbours(const WorldModel& model, Report& report) {
  static constexpr std::array<std::pair<int, int>, 4> kStep{{{-1, 0}, {0, 1}, {1, 0}, {0, -1}}};
  for (std::size_t i = 0; i < model.patches.size(); ++i) {
    const auto& p = model.patches[i];
    for (std::size_t side = 0; side < 4; ++side) {
      const PatchEntry* other = cellPatch(model, p.latticeRow + kStep[side].first, p.latticeCol + kStep[side].second);
      const std::string sideName = kSideNames[side];
      const std::string pointer = at(at(at("/patches", i), "neighbours"), sideName);
      const std::optional<std::string> expected = other ? std::optional(other->id) : std::nullopt;
      if (p.neighbours[side] != expected) {
        report.error("world.neighbours", model.file, pointer,
                     "patch '" + p.id + "' has " + (p.neighbours[side] ? "'" + *p.neighbours[side] + "'" : "nothing") +
                         " on its " + sideName + " side but the lattice puts " +
                         (expected ? "'" + *expected + "'" : "the world's perimeter") +
                         " there; neighbours are reciprocal and leave out perimeter sides");
      }
      std::optional<std::string> edge;
      if (other) {
        edge = side == 1 ? edgeId(p.latticeRow, p.latticeCol, "east")
             : side == 2 ? edgeId(p.latticeRow, p.latticeCol, "south")
             : side == 3 ? edgeId(other->latticeRow, other->latticeCol, "east")
                         : edgeId(other->latticeRow, other->latticeCol, "south");
      }
      if (p.boundaries[side] != edge) {
        report.error("world.neighbours", model.file, at(at(at("/patches", i), "boundaries"), sideName),
                     "patch '" + p.id + "' has edge " + (p.boundaries[side] ? "'" + *p.boundaries[side] + "'" : "none") +
                         " on its " + sideName + " side; the shared edge there is " +
                         (edge ? "'" + *edge + "'" : "none (the perimeter)") +
                         ", the same one its neighbour lists on the opposite side");
      }
      if (other && (side == 1 || side == 2)) checkSharedEdge(model, p, *other, side == 1, i, report);
    }
  }
}

void checkWater(const WorldModel& model, const json::value& world, Report& report) {
  std::map<std::string, std::size_t> sourceIndex;
  for (std::size_t i = 0; i < model.sources.size(); ++i) sourceIndex[model.sources[i].id] = i;
  std::map<std::string, const PatchEntry*> patches;
  for (const auto& p : model.patches) patches[p.id] = &p;
  const auto& regions = world.at("water_regions").get_array();
  std::optional<std::pair<std::size_t, std::int64_t>> previous;
  for (std::size_t i = 0; i < regions.size(); ++i) {
    const auto& r = regions[i];
    const std::string pointer = at("/water_regions", i);
    const std::string id = str(r.at("id")), sourceId = str(r.at("source_id")), patchName = str(r.at("patch_id"));
    const std::int64_t body = integer(r.at("body_id"));
    const auto source = sourceIndex.find(sourceId);
    if (source == sourceIndex.end()) {
      report.error("world.water-region", model.file, at(pointer, "source_id"),
                   "water region '" + id + "' names source '" + sourceId + "', which world.json does not list");
      continue;
    }
    const SourceEntry& s = model.sources[source->second];
    if (patchName != s.patchId) {
      report.error("world.water-region", model.file, at(pointer, "patch_id"),
                   "water region '" + id + "' is on patch '" + patchName + "'; a region lies in its source's patch '" +
                       s.patchId + "'");
    }
    if (id != s.ns + ":water:" + std::to_string(body)) {
      report.error("world.water-region", model.file, at(pointer, "id"),
                   "water region '" + id + "' of source '" + s.id + "', body " + std::to_string(body) + ", is named " +
                       s.ns + ":water:" + std::to_string(body));
    }
    const auto key = std::pair(source->second, body);
    if (previous && *previous >= key) {
      report.error("world.order", model.file, pointer,
                   "water region '" + id + "' is out of order; regions are ordered by source, then body_id");
    }
    previous = key;
    const auto& f = r.at("footprint_m");
    const double minX = real(f.at("min_x")), minZ = real(f.at("min_z")), maxX = real(f.at("max_x")),
                 maxZ = real(f.at("max_z"));
    if (const auto patch = patches.find(s.patchId); patch != patches.end()) {
      const PatchEntry& p = *patch->second;
      if (!(minX <= maxX && minZ <= maxZ && minX >= p.minX && minZ >= p.minZ && maxX <= p.maxX && maxZ <= p.maxZ)) {
        report.error("world.water-region", model.file, at(pointer, "footprint_m"),
                     "water region '" + id + "' has the footprint [" + numberText(minX) + ", " + numberText(minZ) +
                         "] .. [" + numberText(maxX) + ", " + numberText(maxZ) + "], not a rectangle inside patch '" +
                         p.id + "' ([" + numberText(p.minX) + ", " + numberText(p.minZ) + "] .. [" +
                         numberText(p.maxX) + ", " + numberText(p.maxZ) + "])");
      }
    }
    if (!std::isfinite(real(r.at("level_m")))) {
      report.error("world.water-region", model.file, at(pointer, "level_m"),
                   "water region '" + id + "' has a level outside the double range; level_m is finite");
    }
  }
}

}  // namespace

std::string patchId(std::int64_t row, std::int64_t col) {
  return "p-" + std::to_string(row) + "-" + std::to_string(col);
}
std::string edgeId(std::int64_t row, std::int64_t col, const char* side) {
  return "e-" + std::to_string(row) + "-" + std::to_string(col) + "-" + side;
}

bool close(double a, double b) { return std::abs(a - b) <= 1e-9 * std::max({1.0, std::abs(a), std::abs(b)}); }

std::string numberText(double value) { return toJsonText(json::value(value), false); }

WorldModel readWorld(const json::value& world, const std::string& file) {
  WorldModel model;
  model.file = file;
  model.name = str(world.at("name"));
  const auto& settings = world.at("settings");
  model.spacing = real(settings.at("spacing_m"));
  model.slopeWarningDeg = real(settings.at("slope_warning_deg"));
  model.gapCells = integer(settings.at("gap_cells"));
  model.latticeRows = integer(world.at("lattice").at("rows"));
  model.latticeCols = integer(world.at("lattice").at("cols"));
  const auto& sources = world.at("sources").get_array();
  for (std::size_t i = 0; i < sources.size(); ++i) {
    const auto& s = sources[i];
    model.sources.push_back({str(s.at("id")), str(s.at("namespace")), str(s.at("patch_id")), integer(s.at("row")),
                             integer(s.at("col")), integer(s.at("map_size")),
                             reference(s.at("scenery"), file, at(at("/sources", i), "scenery"))});
  }
  const auto& patches = world.at("patches").get_array();
  for (std::size_t i = 0; i < patches.size(); ++i) {
    const auto& p = patches[i];
    PatchEntry e;
    e.id = str(p.at("id"));
    e.kind = str(p.at("kind"));
    e.latticeRow = integer(p.at("lattice_row"));
    e.latticeCol = integer(p.at("lattice_col"));
    if (p.at("source_id").is_string()) e.sourceId = str(p.at("source_id"));
    e.originX = real(p.at("origin_m").at(0));
    e.originZ = real(p.at("origin_m").at(1));
    const auto& b = p.at("bounds_m");
    e.minX = real(b.at("min_x"));
    e.minZ = real(b.at("min_z"));
    e.maxX = real(b.at("max_x"));
    e.maxZ = real(b.at("max_z"));
    e.pointsX = integer(p.at("point_count_x"));
    e.pointsZ = integer(p.at("point_count_z"));
    for (std::size_t side = 0; side < 4; ++side) {
      if (const auto* n = p.at("neighbours").get_object().if_contains(kSideNames[side])) e.neighbours[side] = str(*n);
      if (const auto* n = p.at("boundaries").get_object().if_contains(kSideNames[side])) e.boundaries[side] = str(*n);
    }
    e.terrain = reference(p.at("terrain"), file, at(at("/patches", i), "terrain"));
    model.patches.push_back(std::move(e));
  }
  model.waterRegions = world.at("water_regions").get_array().size();
  model.boundaries = reference(world.at("boundaries"), file, "/boundaries");
  model.report = reference(world.at("report"), file, "/report");
  return model;
}

void checkWorld(WorldModel& model, const json::value& world, Report& report) {
  bool gridIntact = true;
  checkSources(model, report, gridIntact);
  checkPatchCells(model, report, gridIntact);
  if (model.latticeIntact) {
    checkGeometry(model, report);
    checkNeighbours(model, report);
  }
  checkWater(model, world, report);
}

}  // namespace isla::terrain_world
