// SPDX-License-Identifier: MIT
// terrain/<patch-id>.json: a patch's heights, one row a line. Formatting the
// numbers is most of an export's time, so blocks of rows are formatted on
// every thread at once (each with its own PatchRows from the block's first
// row) and written in order while the next wave is formatted; two waves of
// blocks are all that is ever held, never the patch.
#include <isla/interrupt.hpp>
#include <isla/parallel.hpp>

#include <algorithm>
#include <future>

#include "documents.hpp"

namespace isla_world_export {

namespace {

// 65536 numbers a block: about 0.6 MiB of text, so that
// two waves stay far below a source's heights however large it is.
constexpr std::int64_t kNumbersPerBlock = std::int64_t{1} << 16;
constexpr std::size_t kBlocksPerThread = 1;

}  // namespace

void writeTerrain(isla::JsonWriter& json, const isla::World& world, std::size_t index, unsigned threads,
                  const std::function<void(std::int32_t rows)>& rowsWritten) {
  const isla::Patch& patch = world.patches[index];
  beginDocument(json, "terrain-world.terrain");
  json.member("patch_id", patch.id);
  json.member("spacing_m", world.settings.spacingM);
  writePoint(json, "origin_m", patch.originX, patch.originZ);
  json.member("point_count_x", patch.pointsX);
  json.member("point_count_z", patch.pointsZ);
  json.key("heights_m");
  json.beginArray();

  const auto blockRows = static_cast<std::int32_t>(std::max<std::int64_t>(1, kNumbersPerBlock / patch.pointsX));
  const std::size_t wave = kBlocksPerThread * threads;
  const auto waveRows = static_cast<std::int32_t>(wave) * blockRows;
  using Wave = std::vector<std::vector<std::string>>;
  auto format = [&](std::int32_t first, Wave& blocks) {
    isla::parallelFor(wave, threads, [&](std::size_t b) {
      std::vector<std::string>& rows = blocks[b];
      rows.clear();
      const std::int64_t begin = first + static_cast<std::int64_t>(b) * blockRows;
      const std::int64_t end = std::min<std::int64_t>(begin + blockRows, patch.pointsZ);
      if (begin >= end) return;
      isla::PatchRows heights = world.heights(index);
      for (auto z = static_cast<std::int32_t>(begin); z < end; ++z) {
        rows.emplace_back();
        isla::JsonWriter::appendNumbers(rows.back(), heights.row(z), "/heights_m/" + std::to_string(z));
      }
    });
  };
  // One wave is written (and hashed) while the next is formatted.
  Wave current(wave), next(wave);
  format(0, current);
  for (std::int32_t first = 0; first < patch.pointsZ; first += waveRows) {
    isla::checkInterrupted();
    auto writing = std::async(std::launch::async, [&] {
      for (const auto& rows : current) {
        for (const auto& row : rows) json.preformatted(row);
      }
    });
    try {
      if (first + waveRows < patch.pointsZ) format(first + waveRows, next);
    } catch (...) {
      writing.wait();
      throw;
    }
    writing.get();
    std::int32_t written = 0;
    for (const auto& rows : current) written += static_cast<std::int32_t>(rows.size());
    rowsWritten(written);
    std::swap(current, next);
  }
  json.endArray();
  json.endObject();
}

}  // namespace isla_world_export
