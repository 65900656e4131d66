// SPDX-License-Identifier: MIT
#include "unreal_weights.hpp"

#include "weight_images.hpp"
#include "world_rows.hpp"

namespace isla_png {

namespace {

class WeightTile final : public BasicTileSink<std::uint8_t> {
 public:
  WeightTile(const std::vector<std::filesystem::path>& paths, const std::vector<std::string>& names,
             std::int32_t size, unsigned threads)
      : images_(paths, names, size, size, threads) {}
  void row(std::span<const std::uint8_t> samples) override { images_.row(samples); }
  void finish() override { images_.close(); }

 private:
  LayerImages images_;
};

}  // namespace

isla::OptionSpec weightsSpec() {
  return {.name = "weights",
          .type = isla::OptionType::Boolean,
          .help = "also write each tile's material layers as Unreal weight maps: one 8-bit gray PNG a layer "
                  "(NAME_LAYER_xX_yZ.png), listed in unreal.json",
          .defaultValue = "false"};
}

std::vector<std::string> weightFiles(const isla::MaterialLayers& layers, std::int32_t x, std::int32_t z) {
  const std::string name = fileSafeName(layers.world());
  std::vector<std::string> files;
  for (const std::string& layer : layers.names()) {
    files.push_back(name + "_" + layer + "_x" + std::to_string(x) + "_y" + std::to_string(z) + ".png");
  }
  return files;
}

void writeWeightMaps(const std::filesystem::path& stage, const isla::MaterialLayers& layers, const TileGrid& grid,
                     unsigned threads, isla::Progress& progress) {
  WorldLayerRows rows(layers);
  streamTileRows<std::uint8_t>(
      rows, grid,
      [&](std::int32_t x, std::int32_t z) {
        std::vector<std::filesystem::path> paths;
        for (const std::string& file : weightFiles(layers, x, z)) paths.push_back(stage / file);
        return std::make_unique<WeightTile>(paths, layers.names(), grid.resolution, threads);
      },
      progress);
}

}  // namespace isla_png
