// SPDX-License-Identifier: MIT
#include "isla/diff/blueprint_diff.hpp"

#include <algorithm>

#include "isla/diff/diff_layers.hpp"

namespace isla::diff {

const SectionRow* BlueprintDiff::row(FourCC tag) const {
  const auto it = std::find_if(sections.begin(), sections.end(), [&](const auto& r) { return r.tag == tag; });
  return it == sections.end() ? nullptr : &*it;
}

double townMatchRadius(std::int32_t mapSize) { return std::max(16.0, mapSize / 8.0); }

namespace {

double toleranceOf(const Tolerances& tolerances, FourCC tag) {
  const auto it = tolerances.find(tag);
  return it == tolerances.end() ? 0.0 : it->second;
}

// One changed section, both sides present and decoded. Returns whether any
// change exceeded the tolerance.
bool describe(const Section& a, const Section& b, const Blueprint& left, const Blueprint& right,
              const Units& units, const DiffOptions& options, BlueprintDiff& out) {
  const FourCC tag = a.tag;
  const double tolerance = toleranceOf(options.tolerances, tag);
  const unsigned threads = options.threads;
  if (const auto* gridA = a.as<Raster>()) {
    const auto* gridB = b.as<Raster>();
    if (!gridB || !out.sameMapSize() || gridA->type() != gridB->type()) return true;
    const std::optional<Role> role = roleOf(left, tag);
    if (role == Role::Heights && roleOf(right, tag) == role) {
      out.heights = compareHeights(tag, *gridA, *gridB, tolerance, units, threads);
      return out.heights->grid.changed != 0;
    }
    if (role == Role::BiomeClasses && roleOf(right, tag) == role) {
      out.biomes = compareBiomes(tag, *gridA, *gridB, threads);
      return out.biomes->grid.changed != 0;
    }
    out.otherGrids.push_back(compareGrid(tag, *gridA, *gridB, tolerance, threads));
    return out.otherGrids.back().changed != 0;
  }
  if (roleOf(left, tag) == Role::Towns && roleOf(right, tag) == Role::Towns) {
    out.towns = compareTowns(townRecords(left), townRecords(right), townMatchRadius(left.mapSize), tolerance);
    return !out.towns->moved.empty() || !out.towns->added.empty() || !out.towns->removed.empty();
  }
  if (const auto* roadsA = a.as<PolylineSet>()) {
    const auto* roadsB = b.as<PolylineSet>();
    if (!roadsB) return true;
    const RoadChange& road = out.roads.emplace_back(compareRoads(tag, *roadsA, *roadsB, tolerance));
    return road.pathsChanged || road.pathsAdded || road.pathsRemoved;
  }
  RecordChange record{tag, {}, {}};
  if (const auto* recordA = a.as<Record>()) {
    if (const auto* recordB = b.as<Record>()) record.fields = compareRecords(*recordA, *recordB, tolerance);
  } else if (const auto* tableA = a.as<Table>()) {
    if (const auto* tableB = b.as<Table>()) record.rows = compareTables(*tableA, *tableB, tolerance);
  } else {
    return true;  // opaque: its bytes are all there is to compare
  }
  const bool changed = !record.empty();
  out.records.push_back(std::move(record));
  return changed;
}

}  // namespace

BlueprintDiff diffBlueprints(const Blueprint& a, const Blueprint& b, const Units& units, const DiffOptions& options) {
  BlueprintDiff out;
  out.fileA = a.source;
  out.fileB = b.source;
  out.formatA = a.format;
  out.formatB = b.format;
  out.mapSizeA = a.mapSize;
  out.mapSizeB = b.mapSize;
  out.tolerances = options.tolerances;
  out.sections = compareSections(a, b, options.threads);
  for (auto& row : out.sections) {
    if (row.change != SectionChange::Changed || !row.decoded) continue;
    if (!describe(*a.find(row.tag), *b.find(row.tag), a, b, units, options, out)) {
      row.change = SectionChange::WithinTolerance;
    }
  }
  const auto* idsA = waterIds(a);
  const auto* idsB = waterIds(b);
  const auto changed = [&](FourCC tag) {
    const auto* row = out.row(tag);
    return row && row->change != SectionChange::Identical;
  };
  const auto idsTag = tagOf(a, Role::WaterBodyIds);
  const auto tableTag = tagOf(a, Role::WaterBodies);
  const bool idsChanged = idsTag && changed(*idsTag);
  const bool tableChanged = tableTag && changed(*tableTag);
  if (idsA && idsB && out.sameMapSize() && (idsChanged || tableChanged)) {
    out.water = compareWater(a, b, !idsChanged, tableTag ? toleranceOf(options.tolerances, *tableTag) : 0.0,
                             options.threads);
  }
  return out;
}

}  // namespace isla::diff
