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
#include "heightmap.hpp"

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
};

UnityOptions readUnityOptions(const isla::OptionValues& values) {
  return {.resolution = tileSize(kUnityTiles, values),
          .order = values.text("byte_order") == "little" ? ByteOrder::Little : ByteOrder::Big,
          .padding = padding(values)};
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

void writeSidecar(const fs::path& path, const isla::World& world, const TileGrid& grid, const UnityOptions& options,
                  double minM, double maxM) {
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
  writeTileList(json, world, grid, ".raw", [](double, double) {});
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
    return {tileSizeSpec(kUnityTiles, "the heightmap resolution of a tile"), byteOrderSpec(), paddingSpec()};
  }

  void write(const isla::ExportInput& input, const fs::path& stage, isla::Diagnostics&) const override {
    const UnityOptions options = readUnityOptions(input.options);
    const TileGrid grid = fitTiles(input.world, kUnityTiles, options.resolution, options.padding);
    const auto [minM, maxM] = worldHeightRange(input.world);
    const HeightLevels levels(minM, maxM);
    streamTiles(
        input.world, grid,
        [&](std::int32_t x, std::int32_t z) {
          return std::make_unique<RawTile>(stage / (tileName(input.world, x, z) + ".raw"), levels, options.order,
                                           grid.resolution);
        },
        input.progress);
    writeSidecar(stage / "unity.json", input.world, grid, options, minM, maxM);
  }
};

}  // namespace

std::unique_ptr<isla::Exporter> makeUnityExporter() { return std::make_unique<UnityExporter>(); }

}  // namespace isla_png
