// SPDX-License-Identifier: MIT
// The seeds of the JSON readers: layouts (valid, at the ranges' limits, and
// one of each way to be refused) and viewer bundles as `bundle make` writes
// them, with and without their optional members.
#include <isla/bundle/source_bundle.hpp>

#include "seed_corpus.hpp"

namespace isla::fuzz {

namespace {

Seed text(std::string name, std::string_view json) {
  const auto bytes = std::as_bytes(std::span(json.data(), json.size()));
  return {std::move(name), std::vector<std::byte>(bytes.begin(), bytes.end())};
}

std::string source(const std::string& id, int row, int col) {
  return R"({"id": ")" + id + R"(", "namespace": "n)" + id + R"(", "path": ")" + id + R"(.dat", "row": )" +
         std::to_string(row) + R"(, "col": )" + std::to_string(col) + "}";
}

std::string layout(const std::string& settings, const std::string& sources) {
  return R"({"format": "terrain-world.layout", "schema_version": 1, "name": "seed", )" + settings +
         R"("sources": [)" + sources + "]}";
}

}  // namespace

std::vector<Seed> layoutSeeds() {
  const std::string grid = source("a", 0, 0) + ", " + source("b", 0, 1) + ", " + source("c", 1, 0) + ", " +
                           source("d", 1, 1);
  return {
      text("one", layout("", source("a", 0, 0))),
      text("two-by-two", layout(R"("gap_cells": 4, "spacing_m": 2.5, "height_scale_m": 100, )", grid)),
      text("limits", layout(R"("gap_cells": 1024, "spacing_m": 1000, "height_scale_m": 1000000, )"
                            R"("slope_warning_deg": 89.99, )",
                            source("a", 255, 255))),
      text("small-spacing", layout(R"("spacing_m": 0.001, "gap_cells": 2, )", source("a", 0, 0))),
      text("hole", layout("", source("a", 0, 0) + ", " + source("b", 1, 1))),
      text("duplicate-key", layout(R"("gap_cells": 4, "gap_cells": 8, )", source("a", 0, 0))),
      text("infinite", layout(R"("spacing_m": 1e400, )", source("a", 0, 0))),
      text("huge-row", layout("", source("a", 2147483647, 0))),
      text("nul-path", layout("", R"({"id": "a", "namespace": "n", "path": "a\u0000b", "row": 0, "col": 0})")),
  };
}

std::vector<Seed> bundleSeeds() {
  const std::vector<std::byte> blueprint(64, std::byte{0x5A});
  BundleContents contents;
  contents.metadata = R"({"format": "isla.viewer-bundle", "format_version": 2, "bundle_id": "b", "display_name": "B",
    "generator": {"name": "seed", "version": "1"}, "blueprint": "b.dat"})";
  contents.runtime = R"({"format": "isla.viewer-bundle.runtime", "format_version": 3, "map_size": 256,
    "height_scale_m": 251, "spacing_m": 1})";
  contents.blueprintMember = "b.dat";
  contents.blueprint = blueprint;
  std::vector<Seed> seeds;
  const auto add = [&](std::string name) {
    const auto bytes = writeBundle(contents);
    seeds.push_back({std::move(name), bytes});
  };
  add("minimal");
  contents.catalogue = R"({"format": "isla.viewer-bundle.catalogue", "format_version": 3,
    "assets": [{"id": "town-city", "category": "settlement", "resource": "city"}], "category_defaults": {}})";
  contents.vegetation = R"({"format": "isla.viewer-bundle.vegetation", "format_version": 1, "regions": [],
    "instances": [{"species": "oak", "x": 1, "y": 2, "rotation_deg": 30, "scale": 1, "visible": true}]})";
  add("full");
  contents.runtime = R"({"format": "isla.viewer-bundle.runtime", "format_version": 3, "map_size": 256,
    "height_scale_m": 251, "spacing_m": 1e400})";
  add("infinite-spacing");
  return seeds;
}

}  // namespace isla::fuzz
