// SPDX-License-Identifier: MIT
// Material layer weights as PNG files, streamed row by row: one 8-bit gray
// image a layer (Unreal's weight maps, the png exporter's), or RGBA images
// of four layers each (Unity's alphamaps). Each image carries its layers'
// names in a tEXt chunk `isla-layers`. The options that make the layers
// (blend_m, water_fade_m, layer_map) are shared by every exporter that
// writes them.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include <isla/plugin/exporter.hpp>
#include <isla/document/json_writer.hpp>
#include <isla/plugin/options.hpp>
#include <isla/world/material_layers.hpp>

#include "parallel_png_encoder.hpp"

namespace isla_png {

isla::OptionSpec blendSpec();     // blend_m
isla::OptionSpec waterFadeSpec(); // water_fade_m
isla::OptionSpec layerMapSpec();  // layer_map
// The world's layers as those options say: the mapping file's, or one a
// biome that occurs then road and water.
isla::MaterialLayers materialLayers(const isla::ExportInput& input);
// "layers": the names in order, "blend_m" and "water_fade_m", for a sidecar.
void writeLayerMembers(isla::JsonWriter& json, const isla::MaterialLayers& layers, const isla::OptionValues& options);

// One PNG file written row by row, on `threads` threads.
class StreamedPng {
 public:
  StreamedPng(const std::filesystem::path& path, const ImageHeader& header, unsigned threads);
  std::size_t rowBytes() const { return png_.rowBytes(); }
  void writeRow(std::span<const std::uint8_t> row) { png_.writeRow(row); }
  std::span<std::uint8_t> nextRow() { return png_.nextRow(); }  // ParallelPngEncoder's
  void commitRow() { png_.commitRow(); }
  void close() { file_.close(); }  // after the last row

 private:
  isla::FileWriter file_;
  ParallelPngEncoder png_;
};

// One 8-bit gray image a layer, `paths` in layer order, fed rows of
// interleaved weights (width x layers bytes). Weight maps are deflated by
// runs (run_deflate.hpp), whatever an exporter's `compression` says.
class LayerImages {
 public:
  LayerImages(const std::vector<std::filesystem::path>& paths, const std::vector<std::string>& names,
              std::int32_t width, std::int32_t height, unsigned threads);
  void row(std::span<const std::uint8_t> weights);
  void close();

 private:
  std::vector<std::unique_ptr<StreamedPng>> images_;
  std::size_t width_;
};

}  // namespace isla_png
