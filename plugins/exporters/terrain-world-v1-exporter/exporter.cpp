// SPDX-License-Identifier: MIT
// terrain-world-v1: writes the compiled World as a Terrain World v1 package.
// Terrain documents (formatted on every thread), scenery, boundaries and the
// report; world.json last, since it holds the SHA-256 of every other file.
#include <isla/base/interrupt.hpp>
#include <isla/base/io_error.hpp>
#include <isla/parallel/parallel.hpp>
#include <isla/plugin/plugin_api.hpp>
#include <isla/publish/file_writer.hpp>

#include <algorithm>
#include <cerrno>

#include "documents.hpp"

namespace {

namespace fs = std::filesystem;
using namespace isla_world_export;

// Creates `stage / relative`, streams `body` into it and returns its reference.
FileReference writeDocument(const fs::path& stage, std::string relative,
                            const std::function<void(isla::JsonWriter&)>& body) {
  isla::checkInterrupted();
  isla::FileWriter file = isla::FileWriter::create(stage / relative);
  isla::JsonWriter json(file);
  body(json);
  json.finish();
  return FileReference{std::move(relative), file.close()};
}

void makeDirectory(const fs::path& path) {
  std::error_code error;
  if (!fs::create_directory(path, error)) {
    isla::throwSystemError(path, "create the directory", error ? error.value() : EEXIST);
  }
}

std::uint64_t points(const isla::Patch& patch) {
  return static_cast<std::uint64_t>(patch.pointsX) * static_cast<std::uint64_t>(patch.pointsZ);
}

// Every terrain document in turn, each formatted on every thread, then the
// (small) scenery documents.
void writeCompanions(const isla::ExportInput& input, const fs::path& stage, PackageReferences& references) {
  const isla::World& world = input.world;
  std::uint64_t total = 0, done = 0;
  for (const isla::Patch& patch : world.patches) total += points(patch);
  for (std::size_t p = 0; p < world.patches.size(); ++p) {
    const isla::Patch& patch = world.patches[p];
    references.terrain.push_back(writeDocument(stage, terrainPath(patch), [&](isla::JsonWriter& json) {
      writeTerrain(json, world, p, input.threads, [&](std::int32_t rows) {
        done += static_cast<std::uint64_t>(rows) * static_cast<std::uint64_t>(patch.pointsX);
        input.progress.update(static_cast<double>(done) / static_cast<double>(std::max<std::uint64_t>(total, 1)));
      });
    }));
  }
  for (std::size_t s = 0; s < world.sources.size(); ++s) {
    references.scenery.push_back(writeDocument(stage, sceneryPath(world.sources[s]), [&](isla::JsonWriter& json) {
      writeScenery(json, world, s);
    }));
  }
}

class TerrainWorldExporter final : public isla::Exporter {
 public:
  std::string name() const override { return "terrain-world-v1"; }
  std::string description() const override {
    return "Terrain World v1 package: world.json, terrain/, scenery/, boundaries.json, compilation-report.json";
  }
  std::string packageValidator() const override { return "terrain-world-v1"; }

  void write(const isla::ExportInput& input, const fs::path& stage, isla::Diagnostics&) const override {
    const isla::World& world = input.world;
    makeDirectory(stage / "terrain");
    makeDirectory(stage / "scenery");
    PackageReferences references;
    writeCompanions(input, stage, references);
    references.boundaries = writeDocument(stage, std::string(kBoundariesPath),
                                          [&](isla::JsonWriter& json) { writeBoundaries(json, world); });
    references.report = writeDocument(stage, std::string(kReportPath),
                                      [&](isla::JsonWriter& json) { writeReport(json, world); });
    writeDocument(stage, std::string(kWorldPath),
                  [&](isla::JsonWriter& json) { writeWorld(json, world, references); });
    input.progress.update(1.0);
  }
};

}  // namespace

ISLA_PLUGIN("1.0.0", "Terrain World v1: the compiled world as a package of JSON documents",
            [](isla::PluginRegistrar& registrar) { registrar.addExporter(std::make_unique<TerrainWorldExporter>()); });
