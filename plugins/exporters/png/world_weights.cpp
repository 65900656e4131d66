// SPDX-License-Identifier: MIT
#include "world_weights.hpp"

#include <isla/base/io_error.hpp>
#include <isla/publish/file_writer.hpp>

#include "weight_images.hpp"
#include "world_rows.hpp"

namespace isla_png {

namespace {

constexpr const char* kWeightsDirectory = "weights";

void writeSidecar(const std::filesystem::path& path, const isla::MaterialLayers& layers,
                  const isla::OptionValues& options, std::int32_t width, std::int32_t height) {
  isla::FileWriter file = isla::FileWriter::create(path);
  isla::JsonWriter json(file);
  json.beginObject();
  json.member("format", "isla-tool.png-weights");
  json.member("schema_version", 1);
  json.member("width_px", width);
  json.member("height_px", height);
  json.member("spacing_m", layers.world().settings.spacingM);
  writeLayerMembers(json, layers, options);
  json.key("files");  // in layer order
  json.beginCompactArray();
  for (const std::string& name : layers.names()) json.value(std::string(kWeightsDirectory) + "/" + name + ".png");
  json.endArray();
  json.member("weight", "value / 255; the layers of a pixel sum to 255");
  json.endObject();
  json.finish();
  file.close();
}

}  // namespace

void writeWorldWeights(const std::filesystem::path& stage, const isla::ExportInput& input,
                       const std::function<void()>& rowWritten) {
  const isla::MaterialLayers layers = materialLayers(input);
  WorldLayerRows rows(layers);
  isla::createDirectory(stage / kWeightsDirectory);
  std::vector<std::filesystem::path> paths;
  for (const std::string& name : layers.names()) paths.push_back(stage / kWeightsDirectory / (name + ".png"));
  LayerImages images(paths, layers.names(), rows.width(), rows.height(), input.threads);
  for (std::int32_t z = 0; z < rows.height(); ++z) {
    images.row(rows.next());
    rowWritten();
  }
  images.close();
  writeSidecar(stage / "weights.json", layers, input.options, rows.width(), rows.height());
}

}  // namespace isla_png
