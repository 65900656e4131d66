// SPDX-License-Identifier: MIT
// unity: the world's heights as Unity terrain heightmaps, RAW 16-bit (byte
// order an option: Unity's import says Windows for little, Mac for big),
// square tiles of 2^n + 1 up to 4097 named NAME_X_Z.raw, rows north to
// south, and unity.json giving each tile's place and the terrain height.
#include <isla/publish/file_writer.hpp>

#include <array>
#include <vector>

#include "engine_presets.hpp"
#include "engine_tiles.hpp"
#include "heights_beside_layers.hpp"
#include "heightmap.hpp"
#include "unity_splat.hpp"
#include "weight_images.hpp"

namespace isla_png {

namespace {

namespace fs = std::filesystem;

constexpr std::array<std::int32_t, 8> kResolutions{33, 65, 129, 257, 513, 1025, 2049, 4097};
constexpr TileSizes kUnityTiles{"resolution", kResolutions};

isla::OptionSpec byteOrderSpec() {
  return {.name = "byte_order",
          .type = isla::OptionType::Choice,
          .help = "little (Unity's Windows byte order) or big (Mac) for the 16-bit samples",
          .defaultValue = "little",
          .choices = {"little", "big"}};
}

struct UnityOptions {
  std::int32_t resolution = 0;  // 0: auto
  ByteOrder order = ByteOrder::Little;
  Padding padding = Padding::Edge;
  bool splat = false;
};

UnityOptions readUnityOptions(const isla::OptionValues& values) {
  return {.resolution = tileSize(kUnityTiles, values),
          .order = values.text("byte_order") == "little" ? ByteOrder::Little : ByteOrder::Big,
          .padding = padding(values),
          .splat = values.boolean("splat")};
}

class RawTile final : public TileSink {
 public:
  RawTile(const fs::path& path, const HeightLevels& levels, ByteOrder order, std::int32_t resolution)
      : file_(isla::FileWriter::create(path)), levels_(levels), order_(order),
        bytes_(2 * static_cast<std::size_t>(resolution)) {}
  void row(std::span<const float> samples) override {
    levelBytes(samples, levels_, order_, bytes_);
    file_.write(std::as_bytes(std::span(bytes_)));
  }
  void finish() override { file_.close(); }

 private:
  isla::FileWriter file_;
  const HeightLevels& levels_;
  ByteOrder order_;
  std::vector<std::uint8_t> bytes_;
};

// What unity.json says of the splat maps, when there are some.
struct SplatMaps {
  const isla::MaterialLayers& layers;
  const isla::OptionValues& options;
  std::int32_t resolution;
};

void writeSidecar(const fs::path& path, const isla::World& world, const TileGrid& grid, const UnityOptions& options,
                  double minM, double maxM, const SplatMaps* splat) {
  isla::FileWriter file = isla::FileWriter::create(path);
  isla::JsonWriter json(file);
  json.beginObject();
  json.member("format", "isla-tool.unity-terrain");
  json.member("schema_version", 1);
  json.member("byte_order", options.order == ByteOrder::Little ? "little" : "big");
  writeGridMembers(json, world, grid, "resolution");
  json.member("terrain_size_m", (grid.resolution - 1) * world.settings.spacingM);
  json.member("terrain_height_m", maxM - minM);
  json.member("position_y_m", minM);
  json.member("min_m", minM);
  json.member("max_m", maxM);
  json.member("step_m", HeightLevels(minM, maxM).stepM());
  json.member("height_m", "position_y_m + value / 65535 * terrain_height_m");
  if (splat) {
    json.key("splat");
    json.beginObject();
    json.member("alphamap_resolution", splat->resolution);
    writeLayerMembers(json, splat->layers, splat->options);
    json.member("weight", "channel value / 255; the layers of a pixel sum to 255");
    json.endObject();
  }
  writeTileList(json, world, grid, ".raw", [&](std::int32_t x, std::int32_t z, double, double) {
    if (!splat) return;
    // One image a four layers: its file and the layer in each channel (empty: none).
    const auto files = splatFiles(world, x, z, splat->layers.count());
    json.key("splat");
    json.beginArray();
    for (std::size_t image = 0; image < files.size(); ++image) {
      json.beginObject();
      json.member("file", files[image]);
      json.key("channels");
      json.beginCompactArray();
      for (std::size_t layer = image * 4; layer < image * 4 + 4; ++layer) {
        json.value(layer < splat->layers.count() ? splat->layers.names()[layer] : std::string());
      }
      json.endArray();
      json.endObject();
    }
    json.endArray();
  });
  json.endObject();
  json.finish();
  file.close();
}

class UnityExporter final : public isla::Exporter {
 public:
  std::string name() const override { return "unity"; }
  std::string description() const override {
    return "Unity terrain heightmaps: RAW 16-bit tiles of 2^n + 1 samples (up to 4097) sharing their edges, and "
           "unity.json with each tile's position and the terrain height";
  }
  std::vector<isla::OptionSpec> options() const override {
    return {tileSizeSpec(kUnityTiles, "the heightmap resolution of a tile"),
            byteOrderSpec(),
            paddingSpec(),
            splatSpec(),
            splatResolutionSpec(),
            blendSpec(),
            waterFadeSpec(),
            layerMapSpec()};
  }

  void write(const isla::ExportInput& input, const fs::path& stage, isla::Diagnostics&) const override {
    const UnityOptions options = readUnityOptions(input.options);
    const TileGrid grid = fitTiles(input.world, kUnityTiles, options.resolution, options.padding);
    const auto [minM, maxM] = worldHeightRange(input.world);
    const HeightLevels levels(minM, maxM);
    const auto writeHeights = [&](isla::Progress& progress) {
      streamTiles(
          input.world, grid,
          [&](std::int32_t x, std::int32_t z) {
            return std::make_unique<RawTile>(stage / (tileName(input.world, x, z) + ".raw"), levels, options.order,
                                             grid.resolution);
          },
          progress);
    };
    if (!options.splat) {
      writeHeights(input.progress);
      writeSidecar(stage / "unity.json", input.world, grid, options, minM, maxM, nullptr);
      return;
    }
    const isla::MaterialLayers layers = materialLayers(input);
    const SplatMaps splat{layers, input.options, splatResolution(input.options, grid)};
    writeHeightsBesideLayers(
        input.threads, writeHeights,
        [&](isla::Progress& progress) {
          writeSplatMaps(stage, layers, grid, splat.resolution, input.threads, progress);
        },
        input.progress);
    writeSidecar(stage / "unity.json", input.world, grid, options, minM, maxM, &splat);
  }
};

}  // namespace

std::unique_ptr<isla::Exporter> makeUnityExporter() { return std::make_unique<UnityExporter>(); }

}  // namespace isla_png
