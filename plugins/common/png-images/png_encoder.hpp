// SPDX-License-Identifier: MIT
// A PNG written row by row onto a FileWriter (libspng), so that no image is
// ever held whole: the caller hands each row, top to bottom, in PNG byte
// order (16-bit samples big-endian, SPNG_FMT_RAW: no host-order swap).
#pragma once

#include <array>
#include <cstdint>
#include <exception>
#include <memory>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include <isla/publish/file_writer.hpp>

struct spng_ctx;  // libspng's, kept out of this header

#include <isla/plugin/options.hpp>

namespace isla_png {

enum class PixelFormat : std::uint8_t { Gray8, Gray16, Indexed8, Rgb8, Rgba8 };

// The bytes of one pixel in a row, and the PNG colour type (IHDR) of a format.
std::size_t bytesPerPixel(PixelFormat format);
std::uint8_t colorType(PixelFormat format);

using Rgb = std::array<std::uint8_t, 3>;

// The deflate level of the png exporters' option 'compression' and of the
// images the mesh exporters write: on Up-filtered heightmaps level 3 is
// smaller than libpng's default (level 6 with its heuristic filter) at a
// third of its time; level 2 is not, at 8192² (docs/performance.md).
inline constexpr int kDefaultCompression = 3;
// The deflate level option, shared by every exporter that writes PNG.
isla::OptionSpec compressionSpec();

// How ParallelPngEncoder deflates: zlib at `compression`, or by runs alone
// (run_deflate.hpp: weight maps, mostly runs, several times faster).
enum class Deflate : std::uint8_t { Zlib, Runs };

struct ImageHeader {
  std::uint32_t width = 0;
  std::uint32_t height = 0;
  PixelFormat format = PixelFormat::Gray8;
  std::vector<Rgb> palette;                               // Indexed8: at most 256 entries
  std::vector<std::pair<std::string, std::string>> text;  // tEXt chunks: keyword, text
  int compression = kDefaultCompression;                  // zlib level 0..9
  Deflate deflate = Deflate::Zlib;                        // ParallelPngEncoder only
};

class PngEncoder {
 public:
  PngEncoder(isla::FileWriter& file, const ImageHeader& header);
  PngEncoder(const PngEncoder&) = delete;
  PngEncoder& operator=(const PngEncoder&) = delete;
  ~PngEncoder();

  std::size_t rowBytes() const { return rowBytes_; }
  // Row after row; the last one finishes the file. Throws IoError from the
  // file, std::runtime_error from the encoder.
  void writeRow(std::span<const std::uint8_t> row);

 private:
  static int write(spng_ctx* context, void* user, void* data, std::size_t length);
  void check(int status, const char* step);

  isla::FileWriter& file_;
  std::string shownAs_;
  std::size_t rowBytes_ = 0;
  std::exception_ptr failure_;  // thrown by the file inside libspng's callback
  spng_ctx* context_ = nullptr;
};

}  // namespace isla_png
