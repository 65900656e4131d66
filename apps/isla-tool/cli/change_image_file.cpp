// SPDX-License-Identifier: MIT
#include "cli/change_image_file.hpp"

#include <algorithm>
#include <sstream>
#include <vector>

#include <isla/base/interrupt.hpp>
#include <isla/parallel/parallel.hpp>
#include <isla/publish/staged_file.hpp>
#include <parallel_png_encoder.hpp>

#include "cli/report.hpp"

namespace isla::cli {

std::filesystem::path changeImageSidecar(const std::filesystem::path& png) {
  return std::filesystem::path(png).replace_extension(".json");
}

void writeChangeImage(const diff::ChangeImage& image, const std::filesystem::path& png, unsigned threads) {
  constexpr std::uint32_t kBandRows = 64;
  const auto sidecarPath = changeImageSidecar(png);
  StagedFile::checkTarget(png, false);
  StagedFile::checkTarget(sidecarPath, false);
  StagedFile pngFile(png, false);
  {
    isla_png::ImageHeader header;
    header.width = header.height = image.size();
    header.format = isla_png::PixelFormat::Rgb8;
    header.text = {{"Software", "isla-tool diff"}};
    // Deflated on `threads` threads, in blocks cut by the image alone: the same bytes for any count.
    isla_png::ParallelPngEncoder encoder(pngFile.file(), header, resolveThreads(threads));
    const std::size_t rowBytes = encoder.rowBytes();
    std::vector<std::uint8_t> band(rowBytes * kBandRows);
    for (std::uint32_t first = 0; first < image.size(); first += kBandRows) {
      checkInterrupted();
      const std::uint32_t rows = std::min(kBandRows, image.size() - first);
      image.render(first, rows, band, threads);
      for (std::uint32_t k = 0; k < rows; ++k) encoder.writeRow(std::span(band).subspan(k * rowBytes, rowBytes));
    }
  }
  StagedFile sidecar(sidecarPath, false);
  std::ostringstream text;
  printJson(image.legend(), text);
  const std::string legend = text.str();
  sidecar.write(std::as_bytes(std::span(legend.data(), legend.size())));
  pngFile.commit();
  sidecar.commit();
}

}  // namespace isla::cli
