// SPDX-License-Identifier: MIT
#include "png_encoder.hpp"

#include <spng.h>

#include <algorithm>
#include <cstring>
#include <stdexcept>

namespace isla_png {

isla::OptionSpec compressionSpec() {
  return {.name = "compression",
          .type = isla::OptionType::Integer,
          .help = "the deflate level, 0 (none, fastest) to 9 (smallest)",
          .defaultValue = std::to_string(kDefaultCompression),
          .min = 0,
          .max = 9};
}

namespace {

std::uint8_t bitDepth(PixelFormat format) { return format == PixelFormat::Gray16 ? 16 : 8; }

}  // namespace

std::size_t bytesPerPixel(PixelFormat format) {
  switch (format) {
    case PixelFormat::Rgba8: return 4;
    case PixelFormat::Rgb8: return 3;
    case PixelFormat::Gray16: return 2;
    case PixelFormat::Gray8:
    case PixelFormat::Indexed8: break;
  }
  return 1;
}

std::uint8_t colorType(PixelFormat format) {
  switch (format) {
    case PixelFormat::Indexed8: return SPNG_COLOR_TYPE_INDEXED;
    case PixelFormat::Rgb8: return SPNG_COLOR_TYPE_TRUECOLOR;
    case PixelFormat::Rgba8: return SPNG_COLOR_TYPE_TRUECOLOR_ALPHA;
    case PixelFormat::Gray8:
    case PixelFormat::Gray16: break;
  }
  return SPNG_COLOR_TYPE_GRAYSCALE;
}

PngEncoder::PngEncoder(isla::FileWriter& file, const ImageHeader& header)
    : file_(file),
      shownAs_(file.path().filename().string()),
      rowBytes_(static_cast<std::size_t>(header.width) * bytesPerPixel(header.format)),
      context_(spng_ctx_new(SPNG_CTX_ENCODER)) {
  if (!context_) throw std::runtime_error("png: cannot start an encoder for " + shownAs_ + " (out of memory)");
  check(spng_set_png_stream(context_, &PngEncoder::write, this), "set the output");
  spng_ihdr ihdr{};
  ihdr.width = header.width;
  ihdr.height = header.height;
  ihdr.bit_depth = bitDepth(header.format);
  ihdr.color_type = colorType(header.format);
  check(spng_set_ihdr(context_, &ihdr), "set the header");
  if (header.format == PixelFormat::Indexed8) {
    spng_plte plte{};
    plte.n_entries = static_cast<std::uint32_t>(std::min<std::size_t>(header.palette.size(), 256));
    for (std::uint32_t i = 0; i < plte.n_entries; ++i) {
      plte.entries[i] = {header.palette[i][0], header.palette[i][1], header.palette[i][2], 255};
    }
    check(spng_set_plte(context_, &plte), "set the palette");
  }
  std::vector<spng_text> chunks(header.text.size());
  for (std::size_t i = 0; i < header.text.size(); ++i) {
    const auto& [keyword, text] = header.text[i];
    std::memcpy(chunks[i].keyword, keyword.data(), std::min(keyword.size(), sizeof chunks[i].keyword - 1));
    chunks[i].type = SPNG_TEXT;
    chunks[i].length = text.size();
    chunks[i].text = const_cast<char*>(text.c_str());  // libspng copies it
  }
  if (!chunks.empty()) check(spng_set_text(context_, chunks.data(), static_cast<std::uint32_t>(chunks.size())), "set the text");
  check(spng_set_option(context_, SPNG_IMG_COMPRESSION_LEVEL, header.compression), "set the compression level");
  check(spng_encode_image(context_, nullptr, 0, SPNG_FMT_RAW, SPNG_ENCODE_PROGRESSIVE | SPNG_ENCODE_FINALIZE),
        "start the image");
}

PngEncoder::~PngEncoder() { spng_ctx_free(context_); }

void PngEncoder::writeRow(std::span<const std::uint8_t> row) {
  const int status = spng_encode_row(context_, row.data(), row.size());
  check(status == SPNG_EOI ? 0 : status, "encode a row");  // SPNG_EOI: that was the last row
}

// libspng is C: an exception must not cross it, so it waits in failure_.
int PngEncoder::write(spng_ctx*, void* user, void* data, std::size_t length) {
  auto* self = static_cast<PngEncoder*>(user);
  try {
    self->file_.write(std::span(static_cast<const std::byte*>(data), length));
    return 0;
  } catch (...) {
    self->failure_ = std::current_exception();
    return SPNG_IO_ERROR;
  }
}

void PngEncoder::check(int status, const char* step) {
  if (failure_) std::rethrow_exception(std::exchange(failure_, nullptr));
  if (status != 0) {
    throw std::runtime_error("png: libspng cannot " + std::string(step) + " of " + shownAs_ + ": " +
                             spng_strerror(status));
  }
}

}  // namespace isla_png
