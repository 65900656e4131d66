// SPDX-License-Identifier: MIT
// A package breaking each rule of the package validator: a small 2 x 2
// world (one source a viewer bundle, so that vegetation and regions exist)
// compiled once, copied for each case and changed in one place. A changed
// file gets its new hash in world.json, so that the hash rule does not
// stand in for the rule a case is about.
#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>

#include <fstream>
#include <sstream>
#include <stdexcept>

#include <isla/publish/sha256.hpp>

#include "refusal_cases.hpp"
#include "text_files.hpp"
#include "tool_runner.hpp"

namespace isla::test {

namespace {

namespace fs = std::filesystem;
namespace json = boost::json;
using Arguments = std::vector<std::string>;

std::string hashOf(const std::string& text) {
  return sha256Hex(std::span(reinterpret_cast<const std::byte*>(text.data()), text.size()));
}

// Sources s1..s3.dat and s4.zip, their layout, and world/ compiled from it.
const fs::path& compiledFixture() {
  static const TempDir dir;
  static const bool made = [] {
    for (int seed = 1; seed <= 3; ++seed) {
      makeInput({"synth", "--seed", std::to_string(seed), "--size", "256", "--out",
           (dir / ("s" + std::to_string(seed) + ".dat")).string()});
    }
    makeInput({"synth", "--seed", "4", "--size", "256", "--bundle", (dir / "s4.zip").string()});
    writeText(dir / "layout.json", R"({"format": "terrain-world.layout", "schema_version": 1, "name": "refusals",
      "gap_cells": 4, "slope_warning_deg": 60, "sources": [
      {"id": "a", "namespace": "a", "path": "s1.dat", "row": 0, "col": 0},
      {"id": "b", "namespace": "b", "path": "s2.dat", "row": 0, "col": 1},
      {"id": "c", "namespace": "c", "path": "s3.dat", "row": 1, "col": 0},
      {"id": "d", "namespace": "d", "path": "s4.zip", "row": 1, "col": 1}]})");
    makeInput({"run", "compile", (dir / "layout.json").string(), (dir / "world").string(), "--quiet"});
    return true;
  }();
  (void)made;
  return dir.path();
}

// The fixture (sources, layout, world/) copied into `dir`.
fs::path copyFixture(const fs::path& dir) {
  fs::copy(compiledFixture(), dir, fs::copy_options::recursive);
  return dir / "world";
}

// `change` applied to the package file `file` (a path below world/) as
// JSON; world.json's reference to it follows the new bytes.
template <typename Change>
RefusalCase edit(std::string code, std::string file, Change change) {
  return {std::move(code), [file, change](const fs::path& dir) {
            const fs::path world = copyFixture(dir);
            const std::string before = readText(world / file);
            json::value document = json::parse(before);
            change(document);
            const std::string after = json::serialize(document);
            writeText(world / file, after);
            if (file != "world.json") {
              std::string descriptor = readText(world / "world.json");
              const auto at = descriptor.find(hashOf(before));
              if (at == std::string::npos) throw std::runtime_error("world.json does not reference " + file);
              descriptor.replace(at, 64, hashOf(after));
              writeText(world / "world.json", descriptor);
            }
            return Arguments{"validate", world.string()};
          }};
}

// The package's files changed by `change`, not as JSON.
template <typename Change>
RefusalCase files(std::string code, Change change) {
  return {std::move(code), [change](const fs::path& dir) {
            const fs::path world = copyFixture(dir);
            change(world);
            return Arguments{"validate", world.string()};
          }};
}

// The sources at hand changed by `change`: validate --sources.
template <typename Change>
RefusalCase sources(std::string code, Change change) {
  return {std::move(code), [change](const fs::path& dir) {
            const fs::path world = copyFixture(dir);
            change(dir);
            return Arguments{"validate", world.string(), "--sources", (dir / "layout.json").string()};
          }};
}

json::value& at(json::value& document, std::string_view pointer) { return document.at_pointer(pointer); }

void addTo(json::value& value, double delta) { value = value.to_number<double>() + delta; }

}  // namespace

std::vector<RefusalCase> packageRefusals() {
  return {
      files("world.unreadable", [](const fs::path& world) { writeText(world / "world.json", "{\"format\": "); }),
      edit("world.schema", "world.json", [](json::value& w) { w.as_object()["extra"] = 1; }),
      edit("world.unsafe-path", "world.json",
           [](json::value& w) { at(w, "/patches/0/terrain/path") = "terrain/../terrain/p-0-0.json"; }),
      files("world.symlink",
            [](const fs::path& world) {
              fs::rename(world / "terrain", world / "heights");
              fs::create_directory_symlink("heights", world / "terrain");
            }),
      files("world.missing-file", [](const fs::path& world) { fs::remove(world / "boundaries.json"); }),
      files("world.terrain-too-large",
            [](const fs::path& world) {
              for (const auto& entry : fs::directory_iterator(world / "terrain")) {
                fs::resize_file(entry.path(), std::uintmax_t{20} << 30);  // sparse: no disk is used
                break;
              }
            }),
      files("world.hash-mismatch",
            [](const fs::path& world) { std::ofstream(world / "compilation-report.json", std::ios::app) << "\n"; }),
      edit("world.source-grid", "world.json", [](json::value& w) { at(w, "/sources/1/col") = 0; }),
      edit("world.lattice", "world.json", [](json::value& w) { at(w, "/lattice/rows") = 4; }),
      edit("world.patch-geometry", "world.json", [](json::value& w) { at(w, "/patches/0/origin_m/0") = 7; }),
      edit("world.patch-adjacency", "world.json", [](json::value& w) { addTo(at(w, "/patches/1/bounds_m/min_x"), 1); }),
      edit("world.order", "world.json",
           [](json::value& w) { std::swap(at(w, "/water_regions/0"), at(w, "/water_regions/1")); }),
      edit("world.neighbours", "world.json",
           [](json::value& w) { at(w, "/patches/0/neighbours").as_object().erase("east"); }),
      edit("world.edges", "boundaries.json", [](json::value& b) { at(b, "/edges/0/owner") = "p-0-1"; }),
      edit("world.edge-heights", "boundaries.json", [](json::value& b) { addTo(at(b, "/edges/0/heights_m/10"), 1); }),
      edit("world.edge-normal", "boundaries.json",
           [](json::value& b) {
             at(b, "/edges/0/normals/10") = json::array{0, -1, 0};
           }),
      edit("world.edge-endpoints", "boundaries.json",
           [](json::value& b) {
             at(b, "/edges/0/normals/255") = json::array{0.6, 0.8, 0};
           }),
      edit("world.terrain-header", "terrain/p-0-1.json", [](json::value& t) { at(t, "/spacing_m") = 2; }),
      edit("world.terrain-heights", "terrain/p-0-1.json",
           [](json::value& t) { at(t, "/heights_m").as_array().pop_back(); }),
      edit("world.report-count", "compilation-report.json",
           [](json::value& r) { addTo(at(r, "/counts/entities"), 1); }),
      edit("world.report-figure", "compilation-report.json",
           [](json::value& r) { addTo(at(r, "/patches/0/max_height_m"), 1); }),
      edit("world.report-warning", "compilation-report.json",
           [](json::value& r) {
             at(r, "/warnings").as_array().erase(at(r, "/warnings").as_array().begin());
             addTo(at(r, "/counts/warnings"), -1);
           }),
      edit("world.scenery-source", "scenery/a.json", [](json::value& s) { at(s, "/source_id") = "b"; }),
      edit("world.scenery-id", "scenery/a.json", [](json::value& s) { at(s, "/entities/0/id") = "a:entity:town-99"; }),
      edit("world.scenery-asset", "scenery/a.json",
           [](json::value& s) { at(s, "/entities/0/asset_id") = "a:asset:absent"; }),
      edit("world.scenery-region", "scenery/d.json",
           [](json::value& s) { at(s, "/vegetation/0/source_region_scope") = "external"; }),
      edit("world.scenery-elevation", "scenery/a.json",
           [](json::value& s) { addTo(at(s, "/entities/0/position_m/1"), 1); }),
      edit("world.water-region", "world.json", [](json::value& w) { at(w, "/water_regions/0/patch_id") = "p-1-1"; }),
      sources("world.source-hash", [](const fs::path& dir) { std::ofstream(dir / "s2.dat", std::ios::app) << "x"; }),
      sources("world.source-unavailable", [](const fs::path& dir) { fs::remove(dir / "s3.dat"); }),
  };
}

}  // namespace isla::test
