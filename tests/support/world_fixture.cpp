// SPDX-License-Identifier: MIT
#include "world_fixture.hpp"

#include <cmath>

#include <isla/world/world_builder.hpp>

#include "sample_blueprint.hpp"
#include "test_kernel.hpp"
#include "tool_runner.hpp"

namespace isla::test {

Layout layoutOf(const WorldSpec& spec) {
  Layout layout;
  layout.name = "test";
  layout.rows = spec.rows;
  layout.cols = spec.cols;
  layout.settings.gapCells = spec.gapCells;
  for (std::int32_t r = 0; r < spec.rows; ++r) {
    for (std::int32_t c = 0; c < spec.cols; ++c) {
      const std::string id = "s" + std::to_string(r) + std::to_string(c);
      layout.sources.push_back(LayoutSource{id, id, id + ".dat", id + ".dat", r, c, "/sources/0"});
    }
  }
  return layout;
}

World buildTestWorld(const WorldSpec& spec) {
  const Layout layout = layoutOf(spec);
  std::vector<LoadedSource> sources;
  for (const auto& source : layout.sources) {
    SampleBlueprint sample = makeSample(spec.mapSize);
    const auto n = static_cast<std::size_t>(spec.mapSize);
    const double step = spec.mapSize - 1 + spec.gapCells;
    for (std::size_t x = 0; x < n; ++x) {
      for (std::size_t z = 0; z < n; ++z) {
        const double worldX = source.col * step + static_cast<double>(x);
        const double worldZ = source.row * step + static_cast<double>(z);
        const double metres = spec.plane ? planeHeight(worldX, worldZ) : 40 * std::sin(0.031 * static_cast<double>(x) + source.row) +
                              25 * std::cos(0.017 * static_cast<double>(z) + 2 * source.col) +
                              30.0 * source.row - 20.0 * source.col + 0.37 * static_cast<double>(x % 7);
        sample.heights[x * n + z] = static_cast<float>(metres / 251.0);
      }
    }
    if (spec.edit) spec.edit(sample, source);
    LoadResult result = load(encode(sample).v2(), source.file);
    if (!result.ok()) throw std::runtime_error("the test blueprint did not load: " + describe(result.diagnostics));
    sources.push_back(LoadedSource{result.blueprint, "0", nullptr});
  }
  NoProgress progress;
  return buildWorld(layout, std::move(sources), sharedKernel().enums(), spec.threads, progress);
}

std::filesystem::path writePairLayout(const std::filesystem::path& dir) {
  std::string sources;
  for (const std::string id : {"w", "e"}) {
    writeFile(dir / (id + ".dat"), encode(makeSample(256)).v2());
    sources += std::string(sources.empty() ? "" : ",") + R"({"id": ")" + id + R"(", "namespace": ")" + id +
               R"(", "path": ")" + id + R"(.dat", "row": 0, "col": )" + (id == "w" ? "0" : "1") + "}";
  }
  const std::string layout = R"({"format": "terrain-world.layout", "schema_version": 1, "name": "pair",
    "gap_cells": 6, "sources": [)" + sources + "]}";
  writeFile(dir / "layout.json", std::as_bytes(std::span(layout)));
  return dir / "layout.json";
}

std::vector<std::vector<float>> patchHeights(const World& world, std::size_t patch) {
  PatchRows rows = world.heights(patch);
  std::vector<std::vector<float>> out;
  for (std::int32_t z = 0; z < rows.pointsZ(); ++z) {
    const auto row = rows.row(z);
    out.emplace_back(row.begin(), row.end());
  }
  return out;
}

}  // namespace isla::test
