// SPDX-License-Identifier: MIT
#include "unity_splat.hpp"

#include <algorithm>
#include <array>
#include <cstring>

#include "weight_images.hpp"
#include "world_rows.hpp"

namespace isla_png {

namespace {

constexpr std::size_t kChannels = 4;
constexpr std::size_t kMaxImages = (isla::kMaxLayers + kChannels - 1) / kChannels;
constexpr std::array<std::int32_t, 9> kAlphamapResolutions{16, 32, 64, 128, 256, 512, 1024, 2048, 4096};

std::size_t imageCount(std::size_t layers) { return (layers + kChannels - 1) / kChannels; }

// The tile's sample nearest alphamap pixel `i` of `pixels`, over `samples`.
std::int32_t nearestSample(std::int32_t i, std::int32_t pixels, std::int32_t samples) {
  const std::int64_t scaled = static_cast<std::int64_t>(i) * (samples - 1);
  return static_cast<std::int32_t>((2 * scaled + (pixels - 1)) / (2 * static_cast<std::int64_t>(pixels - 1)));
}

class SplatTile final : public BasicTileSink<std::uint8_t> {
 public:
  SplatTile(const std::filesystem::path& stage, const std::vector<std::string>& files,
            const std::vector<std::string>& names, std::int32_t samples, std::int32_t pixels, unsigned threads)
      : layers_(names.size()), samples_(samples), pixels_(pixels) {
    for (std::int32_t i = 0; i < pixels; ++i) columns_.push_back(nearestSample(i, pixels, samples));
    for (std::size_t image = 0; image < files.size(); ++image) {
      ImageHeader header;
      header.width = header.height = static_cast<std::uint32_t>(pixels);
      header.format = PixelFormat::Rgba8;
      header.deflate = Deflate::Runs;
      std::string channels;
      for (std::size_t c = 0; c < kChannels; ++c) {
        const std::size_t layer = image * kChannels + c;
        channels += (c ? "," : "") + (layer < layers_ ? names[layer] : std::string());
      }
      header.text = {{"isla-layers", channels}};
      images_.push_back(std::make_unique<StreamedPng>(stage / files[image], header, threads));
    }
  }

  void row(std::span<const std::uint8_t> samples) override {
    for (; nextPixelRow_ < pixels_ && nearestSample(nextPixelRow_, pixels_, samples_) == rowsSeen_; ++nextPixelRow_) {
      gather(samples.data());
      for (const auto& image : images_) image->commitRow();
    }
    ++rowsSeen_;
  }
  void finish() override {
    for (const auto& image : images_) image->close();
  }

 private:
  // A pixel's sample read once into every image's next row, in place:
  // layers 4 n .. 4 n + 3 into image n, a missing layer 0. The rows'
  // addresses are taken first: a byte store may alias anything, so the
  // compiler would reload them a pixel.
  void gather(const std::uint8_t* samples) {
    const std::size_t whole = layers_ / kChannels;
    const std::size_t partial = layers_ - whole * kChannels;
    std::array<std::uint8_t*, kMaxImages> rows{};
    for (std::size_t image = 0; image < images_.size(); ++image) rows[image] = images_[image]->nextRow().data();
    const std::int32_t* columns = columns_.data();
    const std::size_t pixels = columns_.size();
    for (std::size_t i = 0; i < pixels; ++i) {
      const std::uint8_t* sample = samples + static_cast<std::size_t>(columns[i]) * layers_;
      for (std::size_t image = 0; image < whole; ++image) {
        std::memcpy(rows[image] + i * kChannels, sample + image * kChannels, kChannels);
      }
      if (partial != 0) {
        std::array<std::uint8_t, kChannels> pixel{};
        std::memcpy(pixel.data(), sample + whole * kChannels, partial);
        std::memcpy(rows[whole] + i * kChannels, pixel.data(), kChannels);
      }
    }
  }

  std::size_t layers_;
  std::int32_t samples_;
  std::int32_t pixels_;
  std::int32_t rowsSeen_ = 0;
  std::int32_t nextPixelRow_ = 0;
  std::vector<std::int32_t> columns_;  // the sample of each pixel of a row
  std::vector<std::unique_ptr<StreamedPng>> images_;
};

}  // namespace

isla::OptionSpec splatSpec() {
  return {.name = "splat",
          .type = isla::OptionType::Boolean,
          .help = "also write each tile's material layers as Unity alphamaps: RGBA PNG of four layers each "
                  "(NAME_X_Z_splatN.png), listed in unity.json",
          .defaultValue = "false"};
}

isla::OptionSpec splatResolutionSpec() {
  std::vector<std::string> choices{"auto"};
  for (const std::int32_t size : kAlphamapResolutions) choices.push_back(std::to_string(size));
  return {.name = "splat_resolution",
          .type = isla::OptionType::Choice,
          .help = "the alphamap resolution of a tile: auto (the heightmap resolution - 1, within 16..4096) or a power "
                  "of two from 16 to 4096",
          .defaultValue = "auto",
          .choices = std::move(choices)};
}

std::int32_t splatResolution(const isla::OptionValues& values, const TileGrid& grid) {
  const std::string& chosen = values.text("splat_resolution");
  for (const std::int32_t size : kAlphamapResolutions) {
    if (chosen == std::to_string(size)) return size;
  }
  return std::clamp(grid.resolution - 1, kAlphamapResolutions.front(), kAlphamapResolutions.back());
}

std::vector<std::string> splatFiles(const isla::World& world, std::int32_t x, std::int32_t z, std::size_t layers) {
  std::vector<std::string> files;
  for (std::size_t image = 0; image < imageCount(layers); ++image) {
    files.push_back(tileName(world, x, z) + "_splat" + std::to_string(image) + ".png");
  }
  return files;
}

void writeSplatMaps(const std::filesystem::path& stage, const isla::MaterialLayers& layers, const TileGrid& grid,
                    std::int32_t resolution, unsigned threads, isla::Progress& progress) {
  WorldLayerRows rows(layers);
  streamTileRows<std::uint8_t>(
      rows, grid,
      [&](std::int32_t x, std::int32_t z) {
        return std::make_unique<SplatTile>(stage, splatFiles(layers.world(), x, z, layers.count()), layers.names(),
                                           grid.resolution, resolution, threads);
      },
      progress);
}

}  // namespace isla_png
