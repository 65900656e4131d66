// SPDX-License-Identifier: MIT
// The order matters: world.json first (without it nothing else can be
// judged), then every reference's path and hash, then the small documents
// (boundaries, scenery: the scenery gives the points the terrain pass must
// sample), then one streamed pass over each terrain file, and last the rules
// that compare terrain figures with boundaries and the report.
#include "package_check.hpp"

#include <cmath>
#include <latch>
#include <map>
#include <memory>
#include <set>

#include <isla/json_schema.hpp>
#include <isla/parallel.hpp>

#include "json_document.hpp"
#include "package_files.hpp"
#include "patch_figures.hpp"
#include "world_model.hpp"

namespace isla::terrain_world {

namespace {

namespace json = boost::json;

// A terrain header is a handful of values; more is not a terrain file.
constexpr std::size_t kMaxTerrainHeaderValues = 256;

std::string str(const json::value& v) { return std::string(v.get_string()); }
double real(const json::value& v) { return v.to_number<double>(); }

bool conforms(const JsonSchema& schema, const json::value& document, std::string_view definition,
              const std::string& file, Report& report) {
  const auto violations = schema.validate(document, definition);
  for (const auto& v : violations) report.error("world.schema", file, v.pointer, v.message);
  return violations.empty();
}

struct ExpectedEdge {
  std::string id;
  std::size_t first, second;  // patch indices: north or west member, then the other
  bool east;                  // an east edge (axis z), else a south one (axis x)
};

std::vector<ExpectedEdge> expectedEdges(const WorldModel& model) {
  std::vector<ExpectedEdge> edges;
  for (std::int64_t r = 0; r < model.latticeRows; ++r) {
    for (std::int64_t c = 0; c < model.latticeCols; ++c) {
      const auto index = static_cast<std::size_t>(r * model.latticeCols + c);
      if (c + 1 < model.latticeCols) edges.push_back({edgeId(r, c, "east"), index, index + 1, true});
      if (r + 1 < model.latticeRows) {
        edges.push_back({edgeId(r, c, "south"), index, index + static_cast<std::size_t>(model.latticeCols), false});
      }
    }
  }
  return edges;
}

class PackageCheck {
 public:
  PackageCheck(const std::filesystem::path& descriptor, Diagnostics& out, CheckDepth depth, unsigned threads)
      : root_(descriptor.parent_path().empty() ? "." : descriptor.parent_path()),
        descriptorName_(descriptor.filename().string()),
        out_(out),
        report_(out),
        recompute_(depth == CheckDepth::Full),
        threads_(threads) {}

  PackageSummary run() {
    try {
      schema_.emplace(JsonSchema::shipped("world-v1.schema.json"));
    } catch (const std::runtime_error& error) {
      report_.error("world.unreadable", descriptorName_, "",
                    std::string("cannot load the package schema: ") + error.what() + "; reinstall isla-tool");
      return summary_;
    }
    if (!readDescriptor()) return summary_;
    locateReferences();
    checkFiles();
    checkEdgeSamples();
    checkReport();
    return summary_;
  }

 private:
  bool readDescriptor() {
    if (!locate(root_, descriptorName_, descriptorName_, "", report_)) return false;
    const auto world = readDocument(root_ / descriptorName_, descriptorName_, report_, {.maxBytes = kMaxDocumentBytes});
    if (!world) return false;
    if (const auto* name = world->is_object() ? world->get_object().if_contains("name") : nullptr;
        name && name->is_string()) {
      summary_.name = str(*name);
    }
    if (!conforms(*schema_, *world, {}, descriptorName_, report_)) return false;
    model_ = readWorld(*world, descriptorName_);
    checkWorld(model_, *world, report_);
    summary_.sources = model_.sources.size();
    summary_.patches = model_.patches.size();
    if (model_.latticeIntact) edges_ = expectedEdges(model_);
    summary_.boundaries = edges_.size();
    return true;
  }

  // Located now, hashed later with the terrain reads.
  std::optional<std::filesystem::path> located(const Reference& reference) {
    auto file = locate(root_, reference, report_);
    if (file) hashes_.push_back({*file, reference});
    return file;
  }

  // Hashing every file and streaming every terrain file are independent:
  // they run on every core, each task reporting on its own, merged in
  // terrain-then-hash order, so the diagnostics do not depend on the thread
  // count. The first task reads the boundaries and scenery documents (their
  // diagnostics go straight to out_, before the others); the terrain reads
  // need its elevation queries and wait for it, so they come after the
  // hashes, which do not.
  void checkFiles() {
    const std::size_t terrains = model_.patches.size(), hashes = hashes_.size();
    std::vector<Diagnostics> found(terrains + hashes);
    std::latch documentsRead(1);
    parallelFor(1 + hashes + terrains, threads_, [&](std::size_t task) {
      if (task == 0) {
        const CountDown done(documentsRead);
        checkBoundaries();
        for (std::size_t i = 0; i < model_.sources.size(); ++i) checkScenery(i);
      } else if (task <= hashes) {
        Report report(found[terrains + task - 1]);
        checkHash(hashes_[task - 1].file, hashes_[task - 1].reference, report);
      } else {
        documentsRead.wait();
        readTerrain(task - 1 - hashes, found[task - 1 - hashes]);
      }
    });
    for (const auto& f : found) out_.append(f);
  }

  // Opens the latch however the documents' task ends, so that no terrain
  // read waits forever.
  struct CountDown {
    std::latch& latch;
    ~CountDown() { latch.count_down(); }
  };

  void locateReferences() {
    boundariesFile_ = located(model_.boundaries);
    reportFile_ = located(model_.report);
    for (const auto& s : model_.sources) sceneryFiles_.push_back(located(s.scenery));
    for (const auto& p : model_.patches) terrainFiles_.push_back(located(p.terrain));
    figures_.resize(model_.patches.size());
    slopes_.resize(model_.patches.size());
    queries_.resize(model_.patches.size());
  }

  std::optional<json::value> companion(const std::optional<std::filesystem::path>& file, const std::string& name,
                                       std::string_view definition) {
    if (!file) return std::nullopt;
    auto document = readDocument(*file, name, report_, {.maxBytes = kMaxDocumentBytes});
    if (!document || !conforms(*schema_, *document, definition, name, report_)) return std::nullopt;
    return document;
  }

  void checkBoundaries() {
    const auto document = companion(boundariesFile_, model_.boundaries.path, "boundaries");
    if (!document || !model_.latticeIntact) return;
    const std::string& file = model_.boundaries.path;
    const auto& edges = document->at("edges").get_array();
    std::map<std::string, std::size_t> expectedIndex;
    for (std::size_t i = 0; i < edges_.size(); ++i) expectedIndex[edges_[i].id] = i;
    std::set<std::string> seen;
    std::size_t previous = 0;
    for (std::size_t i = 0; i < edges.size(); ++i) {
      const std::string pointer = at("/edges", i);
      const std::string id = str(edges[i].at("id"));
      const auto found = expectedIndex.find(id);
      if (found == expectedIndex.end()) {
        report_.error("world.edges", file, at(pointer, "id"),
                      "edge '" + id + "' is not a shared edge of the " + std::to_string(model_.latticeRows) + " x " +
                          std::to_string(model_.latticeCols) + " lattice; remove it");
        continue;
      }
      if (!seen.insert(id).second) {
        report_.error("world.edges", file, at(pointer, "id"), "edge '" + id + "' is listed twice; list it once");
        continue;
      }
      if (i > 0 && found->second < previous) {
        report_.error("world.order", file, pointer,
                      "edge '" + id + "' is out of order; edges are ordered by their cell, east before south");
      }
      previous = found->second;
      checkEdge(edges_[found->second], edges[i], pointer);
    }
    for (const auto& e : edges_) {
      if (!seen.contains(e.id)) {
        report_.error("world.edges", file, "/edges",
                      "edge '" + e.id + "' between '" + model_.patches[e.first].id + "' and '" +
                          model_.patches[e.second].id + "' is missing; every shared edge is listed");
      }
    }
    checkEndpoints();
  }

  void checkEdge(const ExpectedEdge& e, const json::value& edge, const std::string& pointer) {
    const std::string& file = model_.boundaries.path;
    const PatchEntry& a = model_.patches[e.first];
    const PatchEntry& b = model_.patches[e.second];
    auto mismatch = [&](const std::string& key, const std::string& got, const std::string& want) {
      report_.error("world.edges", file, at(pointer, key),
                    "edge '" + e.id + "' has " + key + " " + got + "; between '" + a.id + "' and '" + b.id + "' it is " +
                        want);
    };
    const std::string owner = a.kind == "source" || (a.kind == "strip" && b.kind == "corner") ? a.id : b.id;
    if (str(edge.at("owner")) != owner) mismatch("owner", "'" + str(edge.at("owner")) + "'", "'" + owner + "'");
    const auto& members = edge.at("members").get_array();
    const std::string sideA = e.east ? "east" : "south", sideB = e.east ? "west" : "north";
    const std::string want = a.id + " " + sideA + ", " + b.id + " " + sideB;
    const std::string got = str(members[0].at("patch_id")) + " " + str(members[0].at("side")) + ", " +
                            str(members[1].at("patch_id")) + " " + str(members[1].at("side"));
    if (got != want) mismatch("members", got, want);
    const double ox = e.east ? a.maxX : a.minX, oz = e.east ? a.minZ : a.maxZ;
    const double gx = real(edge.at("origin_m").at(0)), gz = real(edge.at("origin_m").at(1));
    if (!close(gx, ox) || !close(gz, oz)) {
      mismatch("origin_m", "[" + numberText(gx) + ", " + numberText(gz) + "]",
               "[" + numberText(ox) + ", " + numberText(oz) + "]");
    }
    const std::string axis = e.east ? "z" : "x";
    if (str(edge.at("axis")) != axis) mismatch("axis", str(edge.at("axis")), axis);
    if (real(edge.at("spacing_m")) != model_.spacing) {
      mismatch("spacing_m", numberText(real(edge.at("spacing_m"))), numberText(model_.spacing));
    }
    const std::int64_t points = e.east ? a.pointsZ : a.pointsX;
    const std::int64_t count = edge.at("point_count").to_number<std::int64_t>();
    if (count != points) mismatch("point_count", std::to_string(count), std::to_string(points));
    const auto& heights = edge.at("heights_m").get_array();
    const auto& normals = edge.at("normals").get_array();
    if (static_cast<std::int64_t>(heights.size()) != count || static_cast<std::int64_t>(normals.size()) != count) {
      report_.error("world.edges", file, pointer,
                    "edge '" + e.id + "' has " + std::to_string(heights.size()) + " heights and " +
                        std::to_string(normals.size()) + " normals for a point_count of " + std::to_string(count) +
                        "; one of each a sample");
      return;
    }
    for (std::size_t i = 0; i < normals.size(); ++i) {
      const auto& n = normals[i].get_array();
      const double nx = real(n[0]), ny = real(n[1]), nz = real(n[2]);
      const double length = std::sqrt(nx * nx + ny * ny + nz * nz);
      if (!(std::abs(length - 1) <= 1e-9) || !(ny > 0)) {
        report_.error("world.edge-normal", file, at(at(pointer, "normals"), i),
                      "normal " + std::to_string(i) + " of edge '" + e.id + "' is [" + numberText(nx) + ", " +
                          numberText(ny) + ", " + numberText(nz) + "] (length " + numberText(length) +
                          "); normals are unit vectors with a positive y");
        break;  // one a edge: a wrong formula breaks them all
      }
    }
    EdgeData data{&e, pointer, {}, {}};
    for (const auto& h : heights) data.heights.push_back(real(h));
    for (const auto& n : normals) {
      const auto& v = n.get_array();
      data.normals.push_back({real(v[0]), real(v[1]), real(v[2])});
    }
    edgeData_.push_back(std::move(data));
  }

  // Edges meeting at a lattice vertex agree there: same height, same normal.
  void checkEndpoints() {
    struct End {
      const EdgeData* edge;
      std::size_t index;
    };
    std::map<std::pair<std::int64_t, std::int64_t>, std::vector<End>> vertices;
    for (const auto& d : edgeData_) {
      const PatchEntry& a = model_.patches[d.expected->first];
      const std::int64_t r = a.latticeRow, c = a.latticeCol;
      const std::size_t last = d.heights.size() - 1;
      if (d.expected->east) {
        vertices[{r, c + 1}].push_back({&d, 0});
        vertices[{r + 1, c + 1}].push_back({&d, last});
      } else {
        vertices[{r + 1, c}].push_back({&d, 0});
        vertices[{r + 1, c + 1}].push_back({&d, last});
      }
    }
    for (const auto& [vertex, ends] : vertices) {
      const End& first = ends.front();
      for (const End& other : ends) {
        const double h0 = first.edge->heights[first.index], h1 = other.edge->heights[other.index];
        const auto& n0 = first.edge->normals[first.index];
        const auto& n1 = other.edge->normals[other.index];
        if (h0 != h1 || n0 != n1) {
          report_.error("world.edge-endpoints", model_.boundaries.path,
                        at(at(other.edge->pointer, "heights_m"), other.index),
                        "edges '" + first.edge->expected->id + "' and '" + other.edge->expected->id +
                            "' meet at a lattice vertex but disagree there (heights " + numberText(h0) + " and " +
                            numberText(h1) + (n0 != n1 ? ", and their normals" : "") +
                            "); intersecting edges carry the same height and normal at shared endpoints");
        }
      }
    }
  }

  void checkScenery(std::size_t index) {
    const SourceEntry& source = model_.sources[index];
    const std::string& file = source.scenery.path;
    const auto document = companion(sceneryFiles_[index], file, "scenery");
    if (!document) {
      sceneryRead_ = false;  // the entity and road counts cannot be checked
      return;
    }
    if (str(document->at("source_id")) != source.id || str(document->at("namespace")) != source.ns) {
      report_.error("world.scenery-source", file, "/source_id",
                    file + " is for source '" + str(document->at("source_id")) + "' (namespace '" +
                        str(document->at("namespace")) + "') but world.json refers to it from source '" + source.id +
                        "' (namespace '" + source.ns + "')");
    }
    const std::string entityPrefix = source.ns + ":entity:", assetPrefix = source.ns + ":asset:";
    const auto& assets = document->at("assets").get_object();
    for (const auto& [key, asset] : assets) {
      const std::string pointer = "/assets/" + std::string(key);
      if (std::string(key) != assetPrefix + str(asset.at("source_asset_id")) || str(asset.at("namespace")) != source.ns) {
        report_.error("world.scenery-id", file, pointer,
                      "asset '" + std::string(key) + "' is not named " + assetPrefix +
                          "<source_asset_id> with namespace '" + source.ns + "'");
      }
    }
    const std::size_t patch = patchIndex(source.patchId);
    auto query = [&](const json::value& point, const std::string& pointer) {
      if (patch == model_.patches.size()) return;
      const auto& p = point.get_array();
      queries_[patch].push_back({real(p[0]), real(p[1]), real(p[2]), file, at(pointer, 1)});
    };
    const auto& entities = document->at("entities").get_array();
    for (std::size_t i = 0; i < entities.size(); ++i) {
      const auto& e = entities[i];
      const std::string pointer = at("/entities", i);
      checkEntityId(e, entityPrefix, file, pointer);
      const std::string asset = str(e.at("asset_id"));
      if (!assets.contains(asset)) {
        report_.error("world.scenery-asset", file, at(pointer, "asset_id"),
                      "asset '" + asset + "' is not in this document's assets; every asset_id names an entry there");
      }
      query(e.at("position_m"), at(pointer, "position_m"));
    }
    const auto& roads = document->at("roads").get_array();
    for (std::size_t i = 0; i < roads.size(); ++i) {
      const std::string pointer = at("/roads", i);
      checkEntityId(roads[i], entityPrefix, file, pointer);
      const auto& points = roads[i].at("points_m").get_array();
      for (std::size_t j = 0; j < points.size(); ++j) query(points[j], at(at(pointer, "points_m"), j));
    }
    const auto& regions = document->at("regions").get_array();
    std::set<std::string> regionIds;
    for (std::size_t i = 0; i < regions.size(); ++i) {
      checkEntityId(regions[i], entityPrefix, file, at("/regions", i));
      regionIds.insert(str(regions[i].at("id")));
    }
    const auto& vegetation = document->at("vegetation").get_array();
    for (std::size_t i = 0; i < vegetation.size(); ++i) {
      const std::string pointer = at("/vegetation", i);
      checkVegetation(vegetation[i], source.ns, regionIds, file, pointer);
      query(vegetation[i].at("position_m"), at(pointer, "position_m"));
    }
    entities_ += entities.size();
    roads_ += roads.size();
  }

  // The contract's ids: <ns>:imported-vegetation:<source_index>, a model
  // reference <ns>:species:..., and a region of this document (scope world)
  // or <ns>:external-region:... (scope external).
  void checkVegetation(const json::value& item, const std::string& ns, const std::set<std::string>& regionIds,
                       const std::string& file, const std::string& pointer) {
    const std::string id = str(item.at("id"));
    const std::string expected = ns + ":imported-vegetation:" + std::to_string(item.at("source_index").to_number<std::uint64_t>());
    if (id != expected) {
      report_.error("world.scenery-id", file, at(pointer, "id"),
                    "vegetation '" + id + "' is named " + expected +
                        " (<namespace>:imported-vegetation:<source_index>) in this source");
    }
    const std::string model = str(item.at("model_reference_id"));
    if (!model.starts_with(ns + ":species:")) {
      report_.error("world.scenery-id", file, at(pointer, "model_reference_id"),
                    "model reference '" + model + "' is not in this source's namespace (" + ns + ":species:<key>)");
    }
    const auto& region = item.at("source_region_id");
    const auto& scope = item.at("source_region_scope");
    const std::string regionId = region.is_null() ? "" : str(region);
    const std::string scopeName = scope.is_null() ? "" : str(scope);
    const bool agrees = scopeName == "world"      ? regionIds.contains(regionId)
                        : scopeName == "external" ? regionId.starts_with(ns + ":external-region:")
                                                  : region.is_null();
    if (!agrees) {
      report_.error("world.scenery-region", file, at(pointer, "source_region_id"),
                    "region '" + regionId + "' with scope " + (scopeName.empty() ? "null" : scopeName) +
                        ": scope world names a region of this document, external a " + ns +
                        ":external-region:<id>, and null has no region");
    }
  }

  void checkEntityId(const json::value& entity, const std::string& prefix, const std::string& file,
                     const std::string& pointer) {
    const std::string id = str(entity.at("id")), native = str(entity.at("source_entity_id"));
    if (id != prefix + native) {
      report_.error("world.scenery-id", file, at(pointer, "id"),
                    "entity '" + id + "' is named " + prefix + native +
                        " (<namespace>:entity:<source_entity_id>) in this source");
    }
  }

  std::size_t patchIndex(const std::string& id) const {
    for (std::size_t i = 0; i < model_.patches.size(); ++i) {
      if (model_.patches[i].id == id) return i;
    }
    return model_.patches.size();
  }

  // At CheckDepth::Full the heights are first parsed as plain numbers; that
  // read is kept when it read the document and its reader reported nothing,
  // else the parser reads it again so that the diagnostics are the parser's.
  void readTerrain(std::size_t index, Diagnostics& found) {
    if (!terrainFiles_[index] || !model_.latticeIntact) return;
    Report report(found);
    const PatchEntry& p = model_.patches[index];
    const std::string& file = p.terrain.path;
    const bool oddRow = p.latticeRow % 2 == 1, oddCol = p.latticeCol % 2 == 1;
    const Across across = oddRow && oddCol ? Across::Corners : oddCol ? Across::Rows : oddRow ? Across::Columns
                                                                                             : Across::None;
    PatchGrid grid{p.id, static_cast<std::size_t>(p.pointsX), static_cast<std::size_t>(p.pointsZ),
                   p.originX, p.originZ, model_.spacing, across};
    std::unique_ptr<PatchFigures> figures;
    auto read = [&](Report& figuresReport, Report& readerReport, Skim skim) {
      figures = std::make_unique<PatchFigures>(grid, file, figuresReport, queries_[index], recompute_);
      return readDocument(*terrainFiles_[index], file, readerReport,
                          {.sink = figures.get(), .maxValues = kMaxTerrainHeaderValues, .skim = skim});
    };
    std::optional<json::value> header;
    if (recompute_) {
      Diagnostics figuresFound, readerFound;
      Report figuresReport(figuresFound), readerReport(readerFound);
      header = read(figuresReport, readerReport, Skim::Plain);
      if (header && readerFound.empty()) found.append(figuresFound);
      else header = read(report, report, Skim::None);
    } else {
      header = read(report, report, Skim::Sampled);
    }
    if (!header || !conforms(*schema_, *header, "terrain", file, report)) return;
    auto differs = [&](const std::string& key, const std::string& got, const std::string& want) {
      report.error("world.terrain-header", file, "/" + key,
                    file + " has " + key + " " + got + " but world.json gives " + want + " for patch '" + p.id + "'");
    };
    if (str(header->at("patch_id")) != p.id) differs("patch_id", "'" + str(header->at("patch_id")) + "'", "'" + p.id + "'");
    if (real(header->at("spacing_m")) != model_.spacing) {
      differs("spacing_m", numberText(real(header->at("spacing_m"))), numberText(model_.spacing));
    }
    const double ox = real(header->at("origin_m").at(0)), oz = real(header->at("origin_m").at(1));
    if (ox != p.originX || oz != p.originZ) {
      differs("origin_m", "[" + numberText(ox) + ", " + numberText(oz) + "]",
              "[" + numberText(p.originX) + ", " + numberText(p.originZ) + "]");
    }
    for (const auto& [key, want] : {std::pair("point_count_x", p.pointsX), std::pair("point_count_z", p.pointsZ)}) {
      const std::int64_t got = header->at(key).to_number<std::int64_t>();
      if (got != want) differs(key, std::to_string(got), std::to_string(want));
    }
    if (!figures->intact()) return;
    if (recompute_) slopes_[index] = figures->maxSlopeDeg();
    figures_[index] = std::move(figures);
  }

  // An edge's heights are both members' border samples, exactly.
  void checkEdgeSamples() {
    for (const auto& d : edgeData_) {
      const ExpectedEdge& e = *d.expected;
      for (const auto& [patch, side] : {std::pair(e.first, e.east ? 1UL : 2UL), std::pair(e.second, e.east ? 3UL : 0UL)}) {
        const PatchFigures* f = figures_[patch].get();
        if (!f) continue;
        const std::vector<double>& line = side == 0 ? f->north() : side == 1 ? f->east() : side == 2 ? f->south() : f->west();
        const char* lineName = side == 0 || side == 2 ? "row" : "column";
        for (std::size_t i = 0; i < d.heights.size() && i < line.size(); ++i) {
          if (d.heights[i] != line[i]) {
            report_.error("world.edge-heights", model_.boundaries.path, at(at(d.pointer, "heights_m"), i),
                          "sample " + std::to_string(i) + " of edge '" + e.id + "' is " + numberText(d.heights[i]) +
                              " m but " + model_.patches[patch].id + "'s " + kSideNames[side] + " " + lineName +
                              " holds " + numberText(line[i]) +
                              " m there; an edge's heights equal both members' samples exactly");
            break;
          }
        }
      }
    }
  }

  void checkReport() {
    const auto document = companion(reportFile_, model_.report.path, "report");
    if (!document) return;
    const std::string& file = model_.report.path;
    const auto& warnings = document->at("warnings").get_array();
    for (const auto& w : warnings) summary_.warnings.push_back(str(w.at("message")) + " [" + str(w.at("code")) + "]");
    if (!model_.latticeIntact) return;
    std::size_t kinds[3] = {0, 0, 0};
    for (const auto& p : model_.patches) ++kinds[p.kind == "source" ? 0 : p.kind == "strip" ? 1 : 2];
    const std::pair<const char*, std::size_t> counts[] = {
        {"sources", model_.sources.size()}, {"patches", model_.patches.size()}, {"source_patches", kinds[0]},
        {"strip_patches", kinds[1]},        {"corner_patches", kinds[2]},       {"boundary_edges", edges_.size()},
        {"water_regions", model_.waterRegions}, {"entities", entities_},     {"roads", roads_},
        {"warnings", warnings.size()}};
    for (const auto& [key, want] : counts) {
      if ((key == std::string("entities") || key == std::string("roads")) && !sceneryRead_) continue;
      const auto got = document->at("counts").at(key).to_number<std::uint64_t>();
      if (got != want) {
        report_.error("world.report-count", file, "/counts/" + std::string(key),
                      "counts." + std::string(key) + " is " + std::to_string(got) + " but the package has " +
                          std::to_string(want));
      }
    }
    if (real(document->at("slope_warning_deg")) != model_.slopeWarningDeg) {
      report_.error("world.report-figure", file, "/slope_warning_deg",
                    "slope_warning_deg is " + numberText(real(document->at("slope_warning_deg"))) +
                        " but world.json's settings give " + numberText(model_.slopeWarningDeg));
    }
    const auto& patches = document->at("patches").get_array();
    if (patches.size() != model_.patches.size()) {
      report_.error("world.report-count", file, "/patches",
                    "the report lists " + std::to_string(patches.size()) + " patches, the world " +
                        std::to_string(model_.patches.size()) + "; one entry a patch, in world.json's order");
      return;
    }
    std::set<std::string> steep;
    for (std::size_t i = 0; i < patches.size(); ++i) checkPatchFigures(patches[i], i, steep);
    checkSteepWarnings(warnings, steep);
  }

  void checkPatchFigures(const json::value& entry, std::size_t index, std::set<std::string>& steep) {
    const std::string& file = model_.report.path;
    const PatchEntry& p = model_.patches[index];
    const std::string pointer = at("/patches", index);
    if (str(entry.at("patch_id")) != p.id || str(entry.at("kind")) != p.kind) {
      report_.error("world.report-figure", file, pointer,
                    "entry " + std::to_string(index) + " is for '" + str(entry.at("patch_id")) + "' (" +
                        str(entry.at("kind")) + "); world.json's patch " + std::to_string(index) + " is '" + p.id +
                        "' (" + p.kind + ")");
      return;
    }
    const PatchFigures* f = figures_[index].get();
    if (!f) return;
    if (!recompute_) {  // the compiler's own figures, from the values it wrote
      slopes_[index] = real(entry.at("max_slope_deg"));
      if (slopes_[index] > model_.slopeWarningDeg) steep.insert(p.id);
      return;
    }
    if (f->maxSlopeDeg() > model_.slopeWarningDeg) steep.insert(p.id);
    const std::pair<const char*, double> figures[] = {{"min_height_m", f->minHeight()},
                                                      {"max_height_m", f->maxHeight()},
                                                      {"max_slope_deg", f->maxSlopeDeg()},
                                                      {"overshoot_m", f->overshoot()}};
    for (const auto& [key, want] : figures) {
      const double got = real(entry.at(key));
      if (!close(got, want)) {
        report_.error("world.report-figure", file, at(pointer, key),
                      std::string(key) + " of '" + p.id + "' is " + numberText(got) + " but its terrain file gives " +
                          numberText(want) + "; report figures are computed from the heights as written");
      }
    }
  }

  void checkSteepWarnings(const json::array& warnings, const std::set<std::string>& steep) {
    std::set<std::string> warned;
    for (std::size_t i = 0; i < warnings.size(); ++i) {
      if (str(warnings[i].at("code")) != "slope.steep") continue;
      const std::string subject = str(warnings[i].at("subject"));
      warned.insert(subject);
      const std::size_t patch = patchIndex(subject);
      if (patch < figures_.size() && figures_[patch] && !steep.contains(subject)) {
        report_.error("world.report-warning", model_.report.path, at("/warnings", i),
                      "slope.steep is reported for '" + subject + "', whose steepest triangle (" +
                          numberText(slopes_[patch]) + " degrees) is not above the " +
                          numberText(model_.slopeWarningDeg) + " degree threshold");
      }
    }
    for (const auto& id : steep) {
      if (!warned.contains(id)) {
        report_.error("world.report-warning", model_.report.path, "/warnings",
                      "patch '" + id + "' has a triangle of " + numberText(slopes_[patchIndex(id)]) +
                          " degrees, above the " + numberText(model_.slopeWarningDeg) +
                          " degree threshold, but no slope.steep warning");
      }
    }
  }

  struct EdgeData {
    const ExpectedEdge* expected;
    std::string pointer;
    std::vector<double> heights;
    std::vector<std::array<double, 3>> normals;
  };

  struct HashJob {
    std::filesystem::path file;
    Reference reference;
  };

  std::filesystem::path root_;
  std::string descriptorName_;
  Diagnostics& out_;
  Report report_;
  std::optional<JsonSchema> schema_;
  PackageSummary summary_;
  WorldModel model_;
  std::vector<ExpectedEdge> edges_;
  std::vector<EdgeData> edgeData_;
  std::optional<std::filesystem::path> boundariesFile_, reportFile_;
  std::vector<std::optional<std::filesystem::path>> sceneryFiles_, terrainFiles_;
  std::vector<HashJob> hashes_;
  std::vector<std::unique_ptr<PatchFigures>> figures_;  // of intact terrain files
  std::vector<double> slopes_;                          // max_slope_deg by patch, of those
  bool recompute_;                                      // CheckDepth::Full
  unsigned threads_;
  std::vector<std::vector<ElevationQuery>> queries_;   // by patch
  bool sceneryRead_ = true;
  std::size_t entities_ = 0, roads_ = 0;
};

}  // namespace

PackageSummary checkPackage(const std::filesystem::path& descriptor, Diagnostics& out, CheckDepth depth,
                            unsigned threads) {
  return PackageCheck(descriptor, out, depth, threads).run();
}

}  // namespace isla::terrain_world
