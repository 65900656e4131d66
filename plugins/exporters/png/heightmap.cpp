// SPDX-License-Identifier: MIT
#include "heightmap.hpp"

#include <isla/interrupt.hpp>
#include <isla/json/json_writer.hpp>
#include <isla/publish/file_writer.hpp>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <vector>

#include "png_encoder.hpp"

namespace isla_png {

namespace {

constexpr double kLevels = 65535.0;
// Unreal's landscape spans 512 m at Z scale 100: a height of 65535 levels
// over span_m needs span_m * 100 / 512.
constexpr double kUnrealMetresAtScale100 = 512.0;

std::string shortest(double value) {
  char buffer[32];
  const auto end = std::to_chars(buffer, buffer + sizeof buffer, value).ptr;
  return {buffer, end};
}

// Half a step from the source at most: the rounding, never the range.
std::uint16_t level(float height, double minM, double inverseStep) {
  const double scaled = std::round((static_cast<double>(height) - minM) * inverseStep);
  return static_cast<std::uint16_t>(std::clamp(scaled, 0.0, kLevels));
}

void writeSidecar(const std::filesystem::path& path, const HeightmapImage& image, double spacingM, double stepM) {
  isla::FileWriter file = isla::FileWriter::create(path);
  isla::JsonWriter json(file);
  const double span = image.maxM - image.minM;
  json.beginObject();
  json.member("format", "isla-tool.png-heightmap");
  json.member("schema_version", 1);
  json.member("image", std::filesystem::path(image.name).filename().string() + ".png");
  json.member("width_px", image.width);
  json.member("height_px", image.height);
  json.key("origin_m");
  json.beginCompactArray();
  json.value(image.originX);
  json.value(image.originZ);
  json.endArray();
  json.member("spacing_m", spacingM);
  json.member("min_m", image.minM);
  json.member("max_m", image.maxM);
  json.member("span_m", span);
  json.member("step_m", stepM);
  json.member("height_m", "min_m + value * step_m");
  json.key("unity");
  json.beginObject();
  json.member("terrain_height_m", span);
  json.member("position_y_m", image.minM);
  json.key("terrain_size_m");
  json.beginCompactArray();
  json.value((image.width - 1) * spacingM);
  json.value((image.height - 1) * spacingM);
  json.endArray();
  json.endObject();
  json.key("unreal");
  json.beginObject();
  json.member("z_scale", span * 100.0 / kUnrealMetresAtScale100);
  json.member("xy_scale", spacingM * 100.0);
  json.member("location_z_cm", (image.minM + span / 2) * 100.0);
  json.endObject();
  json.endObject();
  json.finish();
  file.close();
}

}  // namespace

void writeHeightmap(const std::filesystem::path& stage, const HeightmapImage& image, double spacingM, int compression,
                    const std::function<std::span<const float>()>& nextRow, const std::function<void()>& rowWritten) {
  const double span = image.maxM - image.minM;
  const double step = span / kLevels;
  const double inverseStep = span > 0 ? kLevels / span : 0;  // a flat image is all zeros

  ImageHeader header;
  header.width = static_cast<std::uint32_t>(image.width);
  header.height = static_cast<std::uint32_t>(image.height);
  header.format = PixelFormat::Gray16;
  header.compression = compression;
  header.text = {{"isla-height", "height_m = min_m + value * step_m; min_m=" + shortest(image.minM) +
                                     " max_m=" + shortest(image.maxM) + " step_m=" + shortest(step) +
                                     " spacing_m=" + shortest(spacingM)}};
  isla::FileWriter file = isla::FileWriter::create(stage / (image.name + ".png"));
  {
    PngEncoder png(file, header);
    std::vector<std::uint8_t> bytes(png.rowBytes());
    for (std::int32_t z = 0; z < image.height; ++z) {
      if (z % 256 == 0) isla::checkInterrupted();
      const std::span<const float> row = nextRow();
      for (std::size_t x = 0; x < row.size(); ++x) {
        const std::uint16_t value = level(row[x], image.minM, inverseStep);
        bytes[2 * x] = static_cast<std::uint8_t>(value >> 8);  // PNG samples are big-endian
        bytes[2 * x + 1] = static_cast<std::uint8_t>(value & 0xff);
      }
      png.writeRow(bytes);
      rowWritten();
    }
  }
  file.close();
  writeSidecar(stage / (image.name + ".json"), image, spacingM, step);
}

}  // namespace isla_png
