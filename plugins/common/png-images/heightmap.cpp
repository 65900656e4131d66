// SPDX-License-Identifier: MIT
#include "heightmap.hpp"

#include <isla/base/interrupt.hpp>
#include <isla/document/json_writer.hpp>
#include <isla/publish/file_writer.hpp>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <vector>

#include "parallel_png_encoder.hpp"

namespace isla_png {

namespace {

constexpr double kLevels = 65535.0;

std::string shortest(double value) {
  char buffer[32];
  const auto end = std::to_chars(buffer, buffer + sizeof buffer, value).ptr;
  return {buffer, end};
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

HeightLevels::HeightLevels(double minM, double maxM)
    : min_(minM), step_((maxM - minM) / kLevels), inverseStep_(maxM > minM ? kLevels / (maxM - minM) : 0) {}

std::uint16_t HeightLevels::operator()(float height) const {
  const double scaled = std::round((static_cast<double>(height) - min_) * inverseStep_);
  return static_cast<std::uint16_t>(std::clamp(scaled, 0.0, kLevels));
}

void levelBytes(std::span<const float> row, const HeightLevels& levels, ByteOrder order, std::span<std::uint8_t> out) {
  const std::size_t high = order == ByteOrder::Big ? 0 : 1;
  for (std::size_t x = 0; x < row.size(); ++x) {
    const std::uint16_t value = levels(row[x]);
    out[2 * x + high] = static_cast<std::uint8_t>(value >> 8);
    out[2 * x + 1 - high] = static_cast<std::uint8_t>(value & 0xff);
  }
}

std::pair<double, double> worldHeightRange(const isla::World& world) {
  std::pair<double, double> out{world.stats.front().minHeightM, world.stats.front().maxHeightM};
  for (const isla::PatchStats& stats : world.stats) {
    out.first = std::min(out.first, stats.minHeightM);
    out.second = std::max(out.second, stats.maxHeightM);
  }
  return out;
}

std::string heightMapping(double minM, double maxM, double spacingM) {
  return "min_m=" + shortest(minM) + " max_m=" + shortest(maxM) + " step_m=" + shortest((maxM - minM) / kLevels) +
         " spacing_m=" + shortest(spacingM);
}

void writeHeightmap(const std::filesystem::path& stage, const HeightmapImage& image, double spacingM, int compression,
                    unsigned threads, const std::function<std::span<const float>()>& nextRow,
                    const std::function<void()>& rowWritten) {
  const HeightLevels levels(image.minM, image.maxM);

  ImageHeader header;
  header.width = static_cast<std::uint32_t>(image.width);
  header.height = static_cast<std::uint32_t>(image.height);
  header.format = PixelFormat::Gray16;
  header.compression = compression;
  header.text = {{"isla-height", "height_m = min_m + value * step_m; " + heightMapping(image.minM, image.maxM, spacingM)}};
  isla::FileWriter file = isla::FileWriter::create(stage / (image.name + ".png"));
  {
    ParallelPngEncoder png(file, header, threads);
    std::vector<std::uint8_t> bytes(png.rowBytes());
    for (std::int32_t z = 0; z < image.height; ++z) {
      if (z % 256 == 0) isla::checkInterrupted();
      levelBytes(nextRow(), levels, ByteOrder::Big, bytes);  // PNG samples are big-endian
      png.writeRow(bytes);
      rowWritten();
    }
  }
  file.close();
  writeSidecar(stage / (image.name + ".json"), image, spacingM, levels.stepM());
}

}  // namespace isla_png
