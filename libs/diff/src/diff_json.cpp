// SPDX-License-Identifier: MIT
#include "isla/diff/diff_json.hpp"

#include <boost/json/array.hpp>

#include "isla/json/json_text.hpp"

namespace isla::diff {

namespace {

using boost::json::array;
using boost::json::object;
using boost::json::value;

double share(std::uint64_t part, std::uint64_t whole) {
  return whole ? static_cast<double>(part) / static_cast<double>(whole) : 0.0;
}

object side(const std::string& file, SourceFormat format, std::int32_t mapSize) {
  return {{"file", file}, {"format", sourceFormatName(format)}, {"map_size", mapSize}};
}

object gridJson(const GridChange& grid) {
  return {{"tag", grid.tag.text()},
          {"pixels", grid.pixels},
          {"changed", grid.changed},
          {"changed_share", share(grid.changed, grid.pixels)}};
}

value heightsJson(const HeightChange& heights) {
  object out = gridJson(heights.grid);
  out["raised"] = heights.raised;
  out["lowered"] = heights.lowered;
  out["max_abs_change_m"] = heights.maxAbsChangeM;
  out["mean_abs_change_m"] = heights.meanAbsChangeM;
  out["max_at"] = {{"x", heights.maxX}, {"y", heights.maxY}, {"from_m", heights.maxFromM}, {"to_m", heights.maxToM}};
  array histogram;
  for (std::size_t bin = 0; bin < heights.histogram.size(); ++bin) {
    histogram.push_back(object{{"min_m", bin == 0 ? 0.0 : kHeightBinEdgesM[bin - 1]},
                               {"max_m", bin < kHeightBinEdgesM.size() ? value(kHeightBinEdgesM[bin]) : value(nullptr)},
                               {"pixels", heights.histogram[bin]}});
  }
  out["histogram"] = std::move(histogram);
  return out;
}

value biomesJson(const BiomeChange& biomes, const EnumTable& enums) {
  object out = gridJson(biomes.grid);
  array transitions;
  for (const auto& t : biomes.transitions) {
    transitions.push_back(object{{"from", t.from},
                                 {"from_name", enums.name("Biome", t.from)},
                                 {"to", t.to},
                                 {"to_name", enums.name("Biome", t.to)},
                                 {"pixels", t.pixels}});
  }
  out["transitions"] = std::move(transitions);
  return out;
}

value level(std::optional<float> raw, const Units& units) {
  if (!raw) return nullptr;
  return object{{"raw", jsonFloat(*raw)}, {"m", *raw * units.heightScaleM}};
}

value waterJson(const WaterChange& water, const Units& units) {
  array bodies;
  for (const auto& body : water.bodies) {
    bodies.push_back(object{{"change", bodyChangeKindName(body.kind)},
                            {"id_a", body.idA ? value(body.idA) : value(nullptr)},
                            {"id_b", body.idB ? value(body.idB) : value(nullptr)},
                            {"pixels_a", body.pixelsA},
                            {"pixels_b", body.pixelsB},
                            {"overlap", body.overlap},
                            {"level_a", level(body.levelA, units)},
                            {"level_b", level(body.levelB, units)}});
  }
  return object{{"bodies_a", water.bodiesA},
                {"bodies_b", water.bodiesB},
                {"unchanged", water.unchanged},
                {"bodies", std::move(bodies)},
                {"ocean_pixels_a", water.oceanPixelsA},
                {"ocean_pixels_b", water.oceanPixelsB},
                {"coastline_moved", water.coastlineMoved != 0},
                {"coastline_moved_pixels", water.coastlineMoved}};
}

value text(const std::optional<std::string>& field) { return field ? value(*field) : value(nullptr); }

array fieldsJson(const std::vector<FieldChange>& fields) {
  array out;
  for (const auto& f : fields) out.push_back(object{{"field", f.field}, {"from", text(f.from)}, {"to", text(f.to)}});
  return out;
}

value recordJson(const RecordChange& record) {
  array rows;
  for (const auto& row : record.rows) {
    const char* kind = row.kind == RowChangeKind::Added ? "added" : row.kind == RowChangeKind::Removed ? "removed" : "changed";
    rows.push_back(object{{"change", kind}, {"key", row.key}, {"fields", fieldsJson(row.fields)}});
  }
  return object{{"tag", record.tag.text()}, {"fields", fieldsJson(record.fields)}, {"rows", std::move(rows)}};
}

object townJson(const TownRecord& town, const EnumTable& enums) {
  return {{"x", jsonFloat(town.x)},
          {"y", jsonFloat(town.y)},
          {"tier", enums.name("TownTier", town.tier)},
          {"highway_node", town.highwayNode != 0}};
}

value townsJson(const TownChange& towns, const EnumTable& enums, const Units& units) {
  array moved, added, removed;
  for (const auto& m : towns.moved) {
    moved.push_back(object{{"index_a", m.indexA},
                           {"index_b", m.indexB},
                           {"from", townJson(m.from, enums)},
                           {"to", townJson(m.to, enums)},
                           {"distance_px", m.distancePx},
                           {"distance_m", m.distancePx * units.spacingM}});
  }
  for (const auto& t : towns.added) added.push_back(object{{"index", t.index}, {"town", townJson(t.town, enums)}});
  for (const auto& t : towns.removed) removed.push_back(object{{"index", t.index}, {"town", townJson(t.town, enums)}});
  return object{{"count_a", towns.countA}, {"count_b", towns.countB}, {"unchanged", towns.unchanged},
                {"moved", std::move(moved)}, {"added", std::move(added)}, {"removed", std::move(removed)}};
}

value roadJson(const RoadChange& road, const Units& units) {
  return object{{"tag", road.tag.text()},
                {"paths_a", road.pathsA},
                {"paths_b", road.pathsB},
                {"points_a", road.pointsA},
                {"points_b", road.pointsB},
                {"paths_changed", road.pathsChanged},
                {"paths_added", road.pathsAdded},
                {"paths_removed", road.pathsRemoved},
                {"points_moved", road.pointsMoved},
                {"points_added", road.pointsAdded},
                {"points_removed", road.pointsRemoved},
                {"max_displacement_px", road.maxDisplacementPx},
                {"max_displacement_m", road.maxDisplacementPx * units.spacingM},
                {"max_at", road.pointsMoved ? value(object{{"path", road.maxPath}, {"point", road.maxPoint}})
                                            : value(nullptr)}};
}

}  // namespace

object diffJson(const BlueprintDiff& diff, const EnumTable& enums, const Units& units) {
  object tolerances;
  for (const auto& [tag, tolerance] : diff.tolerances) tolerances[tag.text()] = tolerance;
  array sections;
  object counts{{"identical", 0}, {"within-tolerance", 0}, {"changed", 0}, {"only-in-a", 0}, {"only-in-b", 0}};
  for (const auto& row : diff.sections) {
    const auto name = sectionChangeName(row.change);
    counts[name] = counts[name].as_int64() + 1;
    sections.push_back(object{{"tag", row.tag.text()},
                              {"change", name},
                              {"length_a", row.change == SectionChange::OnlyInB ? value(nullptr) : value(row.lengthA)},
                              {"length_b", row.change == SectionChange::OnlyInA ? value(nullptr) : value(row.lengthB)},
                              {"decoded", row.decoded}});
  }
  array grids, records, roads;
  for (const auto& grid : diff.otherGrids) grids.push_back(gridJson(grid));
  for (const auto& record : diff.records) records.push_back(recordJson(record));
  for (const auto& road : diff.roads) roads.push_back(roadJson(road, units));
  return object{{"format", "isla-tool.diff"},
                {"schema_version", kDiffSchemaVersion},
                {"a", side(diff.fileA, diff.formatA, diff.mapSizeA)},
                {"b", side(diff.fileB, diff.formatB, diff.mapSizeB)},
                {"same_map_size", diff.sameMapSize()},
                {"tolerances", std::move(tolerances)},
                {"counts", std::move(counts)},
                {"sections", std::move(sections)},
                {"heights", diff.heights ? heightsJson(*diff.heights) : value(nullptr)},
                {"biomes", diff.biomes ? biomesJson(*diff.biomes, enums) : value(nullptr)},
                {"grids", std::move(grids)},
                {"water", diff.water ? waterJson(*diff.water, units) : value(nullptr)},
                {"records", std::move(records)},
                {"towns", diff.towns ? townsJson(*diff.towns, enums, units) : value(nullptr)},
                {"roads", std::move(roads)}};
}

}  // namespace isla::diff
