// SPDX-License-Identifier: MIT
#include "weight_images.hpp"

namespace isla_png {

isla::OptionSpec blendSpec() {
  return {.name = "blend_m",
          .type = isla::OptionType::Number,
          .help = "material layers: the metres over which neighbouring classes blend (a box of half-side "
                  "blend_m / sqrt 2 around each sample); 0 for hard classes",
          .defaultValue = "8",
          .min = 0.0,
          .max = 10000.0};
}

isla::OptionSpec waterFadeSpec() {
  return {.name = "water_fade_m",
          .type = isla::OptionType::Number,
          .help = "material layers: the depth below a water body's level at which its water layer is whole, rising "
                  "from 0 at the shore (the rest going to the biome under the water); 0 for the bodies' hard footprint",
          .defaultValue = "0",
          .min = 0.0,
          .max = 10000.0};
}

isla::OptionSpec layerMapSpec() {
  return {.name = "layer_map",
          .type = isla::OptionType::Path,
          .help = "material layers: a JSON file {\"layers\": [{\"name\": ..., \"classes\": [...]}, ...]} that merges "
                  "classes (biome names, road, water) into layers, names and orders them; by default one layer a "
                  "biome that occurs, then road and water"};
}

isla::MaterialLayers materialLayers(const isla::ExportInput& input) {
  const isla::WorldClasses classes = isla::findClasses(input.world);
  isla::LayerMapping mapping = input.options.has("layer_map")
                                   ? isla::readLayerMapping(input.options.text("layer_map"), classes, input.enums)
                                   : isla::defaultLayerMapping(classes, input.enums);
  return isla::MaterialLayers(input.world, std::move(mapping), input.options.number("blend_m"), input.threads,
                              input.options.number("water_fade_m"));
}

void writeLayerMembers(isla::JsonWriter& json, const isla::MaterialLayers& layers, const isla::OptionValues& options) {
  json.member("blend_m", options.number("blend_m"));
  json.member("water_fade_m", options.number("water_fade_m"));
  json.key("layers");
  json.beginCompactArray();
  for (const std::string& name : layers.names()) json.value(name);
  json.endArray();
}

StreamedPng::StreamedPng(const std::filesystem::path& path, const ImageHeader& header, unsigned threads)
    : file_(isla::FileWriter::create(path)), png_(file_, header, threads) {}

LayerImages::LayerImages(const std::vector<std::filesystem::path>& paths, const std::vector<std::string>& names,
                         std::int32_t width, std::int32_t height, unsigned threads)
    : width_(static_cast<std::size_t>(width)) {
  for (std::size_t l = 0; l < paths.size(); ++l) {
    ImageHeader header;
    header.width = static_cast<std::uint32_t>(width);
    header.height = static_cast<std::uint32_t>(height);
    header.format = PixelFormat::Gray8;
    header.deflate = Deflate::Runs;
    header.text = {{"isla-layers", names[l]}};
    images_.push_back(std::make_unique<StreamedPng>(paths[l], header, threads));
  }
}

void LayerImages::row(std::span<const std::uint8_t> weights) {
  const std::size_t layers = images_.size();
  for (std::size_t l = 0; l < layers; ++l) {
    const std::span<std::uint8_t> gray = images_[l]->nextRow();
    for (std::size_t x = 0; x < width_; ++x) gray[x] = weights[x * layers + l];
    images_[l]->commitRow();
  }
}

void LayerImages::close() {
  for (const auto& image : images_) image->close();
}

}  // namespace isla_png
