// SPDX-License-Identifier: MIT
// boundaries.json: every shared edge of the lattice, its heights and normals
// against both members' samples, and edges agreeing where they meet.
#include "package_checker.hpp"

#include <cmath>
#include <map>

namespace isla::terrain_world {

void PackageCheck::checkBoundaries() {
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

void PackageCheck::checkEdge(const ExpectedEdge& e, const json::value& edge, const std::string& pointer) {
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
void PackageCheck::checkEndpoints() {
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

// An edge's heights are both members' border samples, exactly.
void PackageCheck::checkEdgeSamples() {
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

}  // namespace isla::terrain_world
