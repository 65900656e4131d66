// SPDX-License-Identifier: MIT
// unreal: the world's heights as Unreal landscape heightmaps, 16-bit
// grayscale PNG at a recommended landscape size (505, 1009, 2017, 4033,
// 8129) or tiles of one named NAME_X_Z.png, and unreal.json with the Z
// scale, the XY scale and each tile's location.
#include <isla/publish/file_writer.hpp>

#include <array>
#include <vector>

#include "engine_presets.hpp"
#include "engine_tiles.hpp"
#include "heights_beside_layers.hpp"
#include "heightmap.hpp"
#include "parallel_png_encoder.hpp"
#include "png_encoder.hpp"
#include "unreal_weights.hpp"
#include "weight_images.hpp"

namespace isla_png {

namespace {

namespace fs = std::filesystem;

constexpr std::array<std::int32_t, 5> kLandscapeSizes{505, 1009, 2017, 4033, 8129};
constexpr TileSizes kUnrealTiles{"size", kLandscapeSizes};

struct UnrealOptions {
  std::int32_t size = 0;  // 0: auto
  Padding padding = Padding::Edge;
  int compression = kDefaultCompression;
  bool weights = false;
};

UnrealOptions readUnrealOptions(const isla::OptionValues& values) {
  return {.size = tileSize(kUnrealTiles, values),
          .padding = padding(values),
          .compression = static_cast<int>(values.integer("compression")),
          .weights = values.boolean("weights")};
}

ImageHeader tileHeader(std::int32_t size, int compression, const std::string& mapping) {
  ImageHeader header;
  header.width = header.height = static_cast<std::uint32_t>(size);
  header.format = PixelFormat::Gray16;
  header.compression = compression;
  header.text = {{"isla-height", "height_m = min_m + value * step_m; " + mapping}};
  return header;
}

class PngTile final : public TileSink {
 public:
  PngTile(const fs::path& path, const HeightLevels& levels, const ImageHeader& header, unsigned threads)
      : file_(isla::FileWriter::create(path)), png_(file_, header, threads), levels_(levels), bytes_(png_.rowBytes()) {}
  void row(std::span<const float> samples) override {
    levelBytes(samples, levels_, ByteOrder::Big, bytes_);  // PNG samples are big-endian
    png_.writeRow(bytes_);
  }
  void finish() override { file_.close(); }

 private:
  isla::FileWriter file_;
  ParallelPngEncoder png_;
  const HeightLevels& levels_;
  std::vector<std::uint8_t> bytes_;
};

// What unreal.json says of the weight maps, when there are some.
struct WeightMaps {
  const isla::MaterialLayers& layers;
  const isla::OptionValues& options;
};

void writeSidecar(const fs::path& path, const isla::World& world, const TileGrid& grid, double minM, double maxM,
                  const WeightMaps* weights) {
  isla::FileWriter file = isla::FileWriter::create(path);
  isla::JsonWriter json(file);
  const double span = maxM - minM;
  const double locationZ = (minM + span / 2) * 100.0;  // Unreal centres the 16-bit range on the actor
  json.beginObject();
  json.member("format", "isla-tool.unreal-landscape");
  json.member("schema_version", 1);
  writeGridMembers(json, world, grid, "size");
  json.member("min_m", minM);
  json.member("max_m", maxM);
  json.member("step_m", HeightLevels(minM, maxM).stepM());
  json.member("z_scale", span * 100.0 / kUnrealMetresAtScale100);
  json.member("xy_scale", world.settings.spacingM * 100.0);
  json.member("location_z_cm", locationZ);
  if (weights) {
    json.key("weights");
    json.beginObject();
    writeLayerMembers(json, weights->layers, weights->options);
    json.member("weight", "value / 255; the layers of a sample sum to 255");
    json.endObject();
  }
  writeTileList(json, world, grid, ".png", [&](std::int32_t x, std::int32_t z, double originX, double originZ) {
    // Unreal's X is the world's X; its Y, the image rows, the world's Z.
    json.key("location_cm");
    json.beginCompactArray();
    json.value(originX * 100.0);
    json.value(originZ * 100.0);
    json.value(locationZ);
    json.endArray();
    if (!weights) return;
    json.key("weight_files");  // in layer order
    json.beginArray();
    for (const std::string& weightFile : weightFiles(weights->layers, x, z)) json.value(weightFile);
    json.endArray();
  });
  json.endObject();
  json.finish();
  file.close();
}

class UnrealExporter final : public isla::Exporter {
 public:
  std::string name() const override { return "unreal"; }
  std::string description() const override {
    return "Unreal landscape heightmaps: 16-bit PNG at a recommended landscape size (505 to 8129) or tiles of one, "
           "and unreal.json with the Z scale and each tile's location";
  }
  std::vector<isla::OptionSpec> options() const override {
    return {tileSizeSpec(kUnrealTiles, "the landscape size of a tile"),
            paddingSpec(),
            compressionSpec(),
            weightsSpec(),
            blendSpec(),
            waterFadeSpec(),
            layerMapSpec()};
  }

  void write(const isla::ExportInput& input, const fs::path& stage, isla::Diagnostics&) const override {
    const UnrealOptions options = readUnrealOptions(input.options);
    const TileGrid grid = fitTiles(input.world, kUnrealTiles, options.size, options.padding);
    const auto [minM, maxM] = worldHeightRange(input.world);
    const HeightLevels levels(minM, maxM);
    const ImageHeader header =
        tileHeader(grid.resolution, options.compression, heightMapping(minM, maxM, input.world.settings.spacingM));
    const auto writeHeights = [&](isla::Progress& progress) {
      streamTiles(
          input.world, grid,
          [&](std::int32_t x, std::int32_t z) {
            return std::make_unique<PngTile>(stage / (tileName(input.world, x, z) + ".png"), levels, header,
                                             input.threads);
          },
          progress);
    };
    if (!options.weights) {
      writeHeights(input.progress);
      writeSidecar(stage / "unreal.json", input.world, grid, minM, maxM, nullptr);
      return;
    }
    const isla::MaterialLayers layers = materialLayers(input);
    writeHeightsBesideLayers(
        input.threads, writeHeights,
        [&](isla::Progress& progress) { writeWeightMaps(stage, layers, grid, input.threads, progress); },
        input.progress);
    const WeightMaps weights{layers, input.options};
    writeSidecar(stage / "unreal.json", input.world, grid, minM, maxM, &weights);
  }
};

}  // namespace

std::unique_ptr<isla::Exporter> makeUnrealExporter() { return std::make_unique<UnrealExporter>(); }

}  // namespace isla_png
