// SPDX-License-Identifier: MIT
// png: the compiled World as PNG images. The heightmap of the whole world
// (or one a patch) and the shaded relief, streamed a world row at a time;
// each source's biome, water body id and water mask images, streamed a band
// of rows at a time; the material layers' weight images of the world.
#include <isla/base/io_error.hpp>
#include <isla/plugin/plugin_api.hpp>

#include <algorithm>

#include "heightmap.hpp"
#include "png_options.hpp"
#include "relief.hpp"
#include "source_layers.hpp"
#include "world_rows.hpp"
#include "world_weights.hpp"

namespace {

namespace fs = std::filesystem;
using namespace isla_png;

// Rows written over rows to write, reported as the export's progress.
class RowProgress {
 public:
  RowProgress(isla::Progress& progress, std::int64_t total) : progress_(progress), total_(std::max<std::int64_t>(total, 1)) {}
  void row() {
    if (++done_ % 64 == 0) progress_.update(static_cast<double>(done_) / static_cast<double>(total_));
  }

 private:
  isla::Progress& progress_;
  std::int64_t total_;
  std::int64_t done_ = 0;
};

HeightmapImage worldImage(const isla::World& world, const WorldRows& rows) {
  const auto [minM, maxM] = worldHeightRange(world);
  return {.name = "heightmap", .width = rows.width(), .height = rows.height(), .minM = minM, .maxM = maxM};
}

void writeTiles(const fs::path& stage, const isla::World& world, int compression, unsigned threads,
                RowProgress& progress) {
  isla::createDirectory(stage / "heightmap");
  for (std::size_t p = 0; p < world.patches.size(); ++p) {
    const isla::Patch& patch = world.patches[p];
    const HeightmapImage image{.name = "heightmap/" + patch.id, .width = patch.pointsX, .height = patch.pointsZ,
                               .originX = patch.originX, .originZ = patch.originZ,
                               .minM = world.stats[p].minHeightM, .maxM = world.stats[p].maxHeightM};
    isla::PatchRows rows = world.heights(p);
    std::int32_t z = 0;
    writeHeightmap(stage, image, world.settings.spacingM, compression, threads, [&] { return rows.row(z++); },
                   [&] { progress.row(); });
  }
}

class PngExporter final : public isla::Exporter {
 public:
  std::string name() const override { return "png"; }
  std::string description() const override {
    return "PNG images: the world's 16-bit heightmap (or one a patch) with a JSON sidecar, a shaded-relief preview, "
           "and each source's biome, water body id and water mask";
  }
  std::vector<isla::OptionSpec> options() const override { return optionSpecs(); }

  void write(const isla::ExportInput& input, const fs::path& stage, isla::Diagnostics&) const override {
    const PngOptions options = readOptions(input.options);
    const isla::World& world = input.world;

    std::int64_t total = 0;
    if (options.heightmap && options.tilesPerPatch) {
      for (const isla::Patch& patch : world.patches) total += patch.pointsZ;
    }
    const std::int64_t worldRows = WorldRows(world).height();
    if (options.heightmap && !options.tilesPerPatch) total += worldRows;
    if (options.relief) total += worldRows;
    if (options.weights) total += worldRows;
    for (std::size_t s = 0; s < world.sources.size(); ++s) total += sourceLayerRows(world, s, options);
    RowProgress progress(input.progress, total);

    if (options.heightmap && options.tilesPerPatch) writeTiles(stage, world, options.compression, input.threads, progress);
    if (options.heightmap && !options.tilesPerPatch) {
      WorldRows rows(world);
      writeHeightmap(stage, worldImage(world, rows), world.settings.spacingM, options.compression, input.threads,
                     [&] { return rows.next(); }, [&] { progress.row(); });
    }
    if (options.relief) writeRelief(stage, world, input.enums, options.compression, [&] { progress.row(); });
    if (options.weights) writeWorldWeights(stage, input, [&] { progress.row(); });
    if (options.biome) isla::createDirectory(stage / "biome");
    // WBID is optional (and a package keeps none): no folder of no images.
    if (anyWaterIds(world) && options.wbid) isla::createDirectory(stage / "wbid");
    if (anyWaterIds(world) && options.water) isla::createDirectory(stage / "water");
    for (std::size_t s = 0; s < world.sources.size(); ++s) {
      writeSourceLayers(stage, world, s, input.enums, options, [&] { progress.row(); });
    }
    input.progress.update(1.0);
  }
};

}  // namespace

ISLA_PLUGIN("1.0.0", "PNG: heightmaps, biome, water body id and water mask images of the compiled world",
            [](isla::PluginRegistrar& registrar) { registrar.addExporter(std::make_unique<PngExporter>()); });
