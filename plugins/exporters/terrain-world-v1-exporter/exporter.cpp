// SPDX-License-Identifier: MIT
// terrain-world-v1: writes the compiled World as a Terrain World v1 package.
// Terrain documents (formatted on every thread), scenery, boundaries and the
// report; world.json last. It can shard: the terrain documents are made by
// the shards, the rest at their assembly; and each patch's document stands
// alone, so that the patch cache keeps it.
#include <isla/base/interrupt.hpp>
#include <isla/base/io_error.hpp>
#include <isla/plugin/shard_exporter.hpp>
#include <isla/parallel/parallel.hpp>
#include <isla/plugin/plugin_api.hpp>
#include <isla/publish/file_writer.hpp>

#include <algorithm>
#include <cerrno>
#include <optional>

#include "documents.hpp"
#include "terrain_check.hpp"

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

std::uint64_t samplesOf(const isla::World& world, const std::vector<std::size_t>& patches) {
  std::uint64_t total = 0;
  for (const std::size_t p : patches) total += points(world.patches[p]);
  return std::max<std::uint64_t>(total, 1);
}

// Whether a document is checked as it is written (a shard's, which no
// package validator reads) or later, from disk (a whole package's stage).
enum class Checked : std::uint8_t { AsWritten, Later };

// The terrain documents of `patches` in turn, each formatted on every
// thread, with their references in the same order.
std::vector<FileReference> writeTerrainDocuments(const isla::ExportInput& input,
                                                 const std::vector<std::size_t>& patches, const fs::path& stage,
                                                 Checked checked) {
  const isla::World& world = input.world;
  makeDirectory(stage / "terrain");
  const std::optional<isla::JsonSchema> schema =
      checked == Checked::AsWritten ? std::optional(isla::JsonSchema::shipped("world-v1.schema.json")) : std::nullopt;
  const std::uint64_t total = samplesOf(world, patches);
  std::uint64_t done = 0;
  std::vector<FileReference> references;
  for (const std::size_t p : patches) {
    const isla::Patch& patch = world.patches[p];
    std::optional<TerrainCheck> check;
    if (checked == Checked::AsWritten) check.emplace(world, p, *schema);
    references.push_back(writeDocument(stage, terrainPath(patch), [&](isla::JsonWriter& json) {
      writeTerrain(json, world, p, input.threads, check ? &*check : nullptr, [&](std::int32_t rows) {
        done += static_cast<std::uint64_t>(rows) * static_cast<std::uint64_t>(patch.pointsX);
        input.progress.update(static_cast<double>(done) / static_cast<double>(total));
      });
    }));
    if (check) check->finish(stage / references.back().path);
  }
  return references;
}

// The (small) scenery documents into scenery/, which exists, boundaries,
// the report, and world.json last, since it holds the SHA-256 of every
// other file.
void writeSharedDocuments(const isla::World& world, std::vector<FileReference> terrain, const fs::path& stage) {
  PackageReferences references;
  references.terrain = std::move(terrain);
  for (std::size_t s = 0; s < world.sources.size(); ++s) {
    references.scenery.push_back(writeDocument(stage, sceneryPath(world.sources[s]), [&](isla::JsonWriter& json) {
      writeScenery(json, world, s);
    }));
  }
  references.boundaries = writeDocument(stage, std::string(kBoundariesPath),
                                        [&](isla::JsonWriter& json) { writeBoundaries(json, world); });
  references.report = writeDocument(stage, std::string(kReportPath),
                                    [&](isla::JsonWriter& json) { writeReport(json, world); });
  writeDocument(stage, std::string(kWorldPath), [&](isla::JsonWriter& json) { writeWorld(json, world, references); });
}

std::vector<std::size_t> everyPatch(const isla::World& world) {
  std::vector<std::size_t> patches(world.patches.size());
  for (std::size_t p = 0; p < patches.size(); ++p) patches[p] = p;
  return patches;
}

class TerrainWorldExporter final : public isla::PatchExporter {
 public:
  std::string name() const override { return "terrain-world-v1"; }
  std::string description() const override {
    return "Terrain World v1 package: world.json, terrain/, scenery/, boundaries.json, compilation-report.json";
  }
  std::string packageValidator() const override { return "terrain-world-v1"; }

  void write(const isla::ExportInput& input, const fs::path& stage, isla::Diagnostics&) const override {
    // Both directories first: a stage removed while terrain is written
    // fails on the next file, which names it.
    makeDirectory(stage / "scenery");
    writeSharedDocuments(input.world, writeTerrainDocuments(input, everyPatch(input.world), stage, Checked::Later),
                         stage);
    input.progress.update(1.0);
  }

  // A shard writes its patches' terrain documents, each checked as it is
  // written (terrain_check.hpp); the assembly the rest.
  std::map<std::string, std::string> writePatches(const isla::ExportInput& input,
                                                  const std::vector<std::size_t>& patches, const fs::path& stage,
                                                  const fs::path&, isla::Diagnostics&) const override {
    std::map<std::string, std::string> written;
    for (FileReference& reference : writeTerrainDocuments(input, patches, stage, Checked::AsWritten)) {
      written.emplace(std::move(reference.path), std::move(reference.sha256));
    }
    input.progress.update(1.0);
    return written;
  }
  void writeShared(const isla::ExportInput& input, const std::map<std::string, std::string>& written,
                   const std::vector<fs::path>&, const fs::path& stage, isla::Diagnostics&) const override {
    std::vector<FileReference> terrain;
    for (const isla::Patch& patch : input.world.patches) {
      const std::string path = terrainPath(patch);
      const auto found = written.find(path);
      if (found == written.end()) throw std::runtime_error("no shard wrote " + path);
      terrain.push_back({path, found->second});
    }
    makeDirectory(stage / "scenery");
    writeSharedDocuments(input.world, std::move(terrain), stage);
    input.progress.update(1.0);
  }
};

}  // namespace

ISLA_PLUGIN("1.0.0", "Terrain World v1: the compiled world as a package of JSON documents",
            [](isla::PluginRegistrar& registrar) { registrar.addExporter(std::make_unique<TerrainWorldExporter>()); });
