// SPDX-License-Identifier: MIT
#include "unity_splat.hpp"

#include <algorithm>
#include <array>
#include <cstring>

#include "weight_images.hpp"
#include "world_layer_classes.hpp"

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

using Bytes = std::uint8_t __attribute__((vector_size(16)));
constexpr std::size_t kBatch = sizeof(Bytes);  // samples a batch of whole ones

using Words = std::uint16_t __attribute__((vector_size(16)));

// Each byte of `v` four times, in four vectors: a pixel's four channels of
// its sample's class. Written as interleaves, which SSE2 has (punpckl/h).
std::array<Bytes, 4> spreadFour(Bytes v) {
  const auto pairs = [](Bytes half) { return reinterpret_cast<Words>(half); };
  const Words low = pairs(__builtin_shufflevector(v, v, 0, 16, 1, 17, 2, 18, 3, 19, 4, 20, 5, 21, 6, 22, 7, 23));
  const Words high =
      pairs(__builtin_shufflevector(v, v, 8, 24, 9, 25, 10, 26, 11, 27, 12, 28, 13, 29, 14, 30, 15, 31));
  return {reinterpret_cast<Bytes>(__builtin_shufflevector(low, low, 0, 8, 1, 9, 2, 10, 3, 11)),
          reinterpret_cast<Bytes>(__builtin_shufflevector(low, low, 4, 12, 5, 13, 6, 14, 7, 15)),
          reinterpret_cast<Bytes>(__builtin_shufflevector(high, high, 0, 8, 1, 9, 2, 10, 3, 11)),
          reinterpret_cast<Bytes>(__builtin_shufflevector(high, high, 4, 12, 5, 13, 6, 14, 7, 15))};
}

// Sixteen pixels whose samples are whole, from classes[0..16), into every
// image's row from pixel `at`: channel c of image n 255 where the class
// is 4 n + c, else 0. False, and nothing written, when one is mixed.
bool writeWholeBatch(const std::uint8_t* classes, std::span<std::uint8_t* const> rows, std::size_t at) {
  Bytes v;
  std::memcpy(&v, classes, kBatch);
  const auto mixed = reinterpret_cast<Bytes>(v == isla::kMixedSample);
  std::array<std::uint64_t, 2> halves;
  std::memcpy(halves.data(), &mixed, kBatch);
  if ((halves[0] | halves[1]) != 0) return false;
  const std::array<Bytes, 4> spread = spreadFour(v);
  constexpr Bytes kChannel{0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3};
  for (std::size_t image = 0; image < rows.size(); ++image) {
    const Bytes channels = kChannel + static_cast<std::uint8_t>(image * kChannels);
    for (std::size_t four = 0; four < spread.size(); ++four) {
      const auto hot = reinterpret_cast<Bytes>(spread[four] == channels);  // all ones: 255
      std::memcpy(rows[image] + (at + 4 * four) * kChannels, &hot, kBatch);
    }
  }
  return true;
}

class SplatTile final : public BasicTileSink<std::uint8_t> {
 public:
  // The tile's first sample is world column `firstColumn` of `world`'s rows.
  SplatTile(const std::filesystem::path& stage, const std::vector<std::string>& files,
            const std::vector<std::string>& names, std::int32_t samples, std::int32_t pixels, unsigned threads,
            const WorldLayerClasses& world, std::int64_t firstColumn)
      : layers_(names.size()), samples_(samples), pixels_(pixels), world_(world), firstColumn_(firstColumn) {
    for (std::int32_t i = 0; i < pixels; ++i) {
      const auto column = static_cast<std::size_t>(nearestSample(i, pixels, samples));
      if (runs_.empty() || runs_.back().column + runs_.back().count != column) {
        runs_.push_back({static_cast<std::size_t>(i), column, 0});
      }
      ++runs_.back().count;
    }
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

  void row(std::span<const std::uint8_t> classes) override {
    for (; nextPixelRow_ < pixels_ && nearestSample(nextPixelRow_, pixels_, samples_) == rowsSeen_; ++nextPixelRow_) {
      gather(classes.data());
      for (const auto& image : images_) image->commitRow();
    }
    ++rowsSeen_;
  }
  void finish() override {
    for (const auto& image : images_) image->close();
  }

 private:
  // Pixels [pixel, pixel + count) take samples [column, column + count).
  struct Run {
    std::size_t pixel;
    std::size_t column;
    std::size_t count;
  };

  // A row's pixels into every image's next row, in place, whole samples
  // sixteen at a time. The rows' addresses are taken first: a byte store
  // may alias anything, so the compiler would reload them a pixel.
  void gather(const std::uint8_t* classes) {
    std::array<std::uint8_t*, kMaxImages> rowArray{};
    for (std::size_t image = 0; image < images_.size(); ++image) rowArray[image] = images_[image]->nextRow().data();
    const std::span<std::uint8_t* const> rows(rowArray.data(), images_.size());
    for (const Run& run : runs_) {
      const std::uint8_t* runClasses = classes + run.column;
      std::size_t i = 0;
      for (; i + kBatch <= run.count; i += kBatch) {
        if (writeWholeBatch(runClasses + i, rows, run.pixel + i)) continue;
        for (std::size_t j = i; j < i + kBatch; ++j) writePixel(runClasses[j], run.column + j, rows, run.pixel + j);
      }
      for (; i < run.count; ++i) writePixel(runClasses[i], run.column + i, rows, run.pixel + i);
    }
  }

  // Pixel `at` of every image from the tile's sample `column` of class
  // `layer`: layers 4 n .. 4 n + 3 into image n, a missing layer 0.
  void writePixel(std::uint8_t layer, std::size_t column, std::span<std::uint8_t* const> rows, std::size_t at) const {
    if (layer != isla::kMixedSample) {
      for (std::size_t image = 0; image < rows.size(); ++image) {
        std::array<std::uint8_t, kChannels> pixel{};
        if (layer / kChannels == image) pixel[layer % kChannels] = 255;
        std::memcpy(rows[image] + at * kChannels, pixel.data(), kChannels);
      }
      return;
    }
    const std::uint8_t* sample = world_.sample(firstColumn_ + static_cast<std::int64_t>(column));
    const std::size_t whole = layers_ / kChannels;
    for (std::size_t image = 0; image < whole; ++image) {
      std::memcpy(rows[image] + at * kChannels, sample + image * kChannels, kChannels);
    }
    if (const std::size_t partial = layers_ - whole * kChannels; partial != 0) {
      std::array<std::uint8_t, kChannels> pixel{};
      std::memcpy(pixel.data(), sample + whole * kChannels, partial);
      std::memcpy(rows[whole] + at * kChannels, pixel.data(), kChannels);
    }
  }

  std::size_t layers_;
  std::int32_t samples_;
  std::int32_t pixels_;
  const WorldLayerClasses& world_;
  std::int64_t firstColumn_;
  std::int32_t rowsSeen_ = 0;
  std::int32_t nextPixelRow_ = 0;
  std::vector<Run> runs_;  // the pixels of a row, in runs of consecutive samples
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
  WorldLayerClasses rows(layers);
  streamTileRows<std::uint8_t>(
      rows, grid,
      [&](std::int32_t x, std::int32_t z) {
        return std::make_unique<SplatTile>(stage, splatFiles(layers.world(), x, z, layers.count()), layers.names(),
                                           grid.resolution, resolution, threads, rows,
                                           static_cast<std::int64_t>(x) * (grid.resolution - 1));
      },
      progress);
}

}  // namespace isla_png
