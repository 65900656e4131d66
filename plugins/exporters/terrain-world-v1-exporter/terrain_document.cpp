// SPDX-License-Identifier: MIT
// terrain/<patch-id>.json: a patch's heights, one row a line. Formatting the
// numbers is most of an export's time, so blocks of rows are formatted on
// every thread at once (each block from its own PatchRows, whose bands stop
// at the block's end) and written in order while later blocks are
// formatted; a few blocks are all that is ever held, never the patch.
#include <isla/base/interrupt.hpp>
#include <isla/parallel/ordered_pipeline.hpp>
#include <isla/parallel/parallel.hpp>

#include <algorithm>

#include "documents.hpp"
#include "terrain_check.hpp"

namespace isla_world_export {

namespace {

// 32768 numbers a block: about 0.3 MiB of text, so that the blocks in
// flight stay far below a source's heights however large it is, and so
// that a small patch's blocks take turns in the same slots: each slot's
// memory is mapped in once, and a fresh page costs more than formatting
// its numbers (docs/performance.md, "Page faults").
constexpr std::int64_t kNumbersPerBlock = std::int64_t{1} << 15;
// But 64 rows at least: a source's heights are X outer, so a block reads
// a run of its rows' samples from each x, 4 KiB apart or more; runs of 2
// rows (65536 / 32768) would take a cache line and a page walk for every
// two samples, and make 32768² twice as costly a sample as 8192² (issue 27).
// Even at 32768² a block is then about 20 MiB of text.
constexpr std::int64_t kMinRowsPerBlock = 64;
// A block being formatted on each thread and one ready behind each.
constexpr std::size_t kSlotsPerThread = 2;

}  // namespace

void writeTerrain(isla::JsonWriter& json, const isla::World& world, std::size_t index, unsigned threads,
                  TerrainCheck* check, const std::function<void(std::int32_t rows)>& rowsWritten) {
  const isla::Patch& patch = world.patches[index];
  beginDocument(json, "terrain-world.terrain");
  json.member("patch_id", patch.id);
  json.member("spacing_m", world.settings.spacingM);
  writePoint(json, "origin_m", patch.originX, patch.originZ);
  json.member("point_count_x", patch.pointsX);
  json.member("point_count_z", patch.pointsZ);
  json.key("heights_m");
  json.beginArray();

  const auto blockRows = static_cast<std::int32_t>(std::max(kMinRowsPerBlock, kNumbersPerBlock / patch.pointsX));
  const auto blocks = static_cast<std::size_t>((patch.pointsZ + blockRows - 1) / blockRows);
  const std::size_t slots = kSlotsPerThread * isla::resolveThreads(threads);
  // By slot: a block's rows as one text, and where each row ends in it.
  struct Block {
    std::string text;
    std::vector<std::size_t> rowEnds;
  };
  // Room for a block's text made once: grown by doubling, a slot would
  // copy its text and touch twice the pages, and a fresh page costs more
  // to map in than its numbers cost to format (docs/performance.md).
  // A patch shorter than a block (a corner) reserves its rows only.
  std::vector<Block> formatted(slots);
  const std::size_t blockNumbers =
      static_cast<std::size_t>(std::min(blockRows, patch.pointsZ)) * static_cast<std::size_t>(patch.pointsX);
  for (Block& block : formatted) block.text.reserve(blockNumbers * isla::JsonWriter::kNumberRoom);
  const auto firstRow = [&](std::size_t block) { return static_cast<std::int32_t>(block) * blockRows; };
  isla::orderedPipeline(
      blocks, threads, slots,
      [&](std::size_t block, std::size_t slot) {
        const std::int32_t begin = firstRow(block), end = std::min(begin + blockRows, patch.pointsZ);
        Block& out = formatted[slot];
        out.text.clear();
        out.rowEnds.clear();
        isla::PatchRows heights = world.heights(index, end);
        for (std::int32_t z = begin; z < end; ++z) {
          const std::size_t rowBegin = out.text.size();
          const std::span<const float> row = heights.row(z);
          isla::JsonWriter::appendNumbers(out.text, row, "/heights_m/" + std::to_string(z));
          if (check) check->row(z, row, std::string_view(out.text).substr(rowBegin));
          out.rowEnds.push_back(out.text.size());
        }
      },
      [&](std::size_t, std::size_t slot) {
        isla::checkInterrupted();
        const Block& block = formatted[slot];
        std::size_t rowBegin = 0;
        for (const std::size_t rowEnd : block.rowEnds) {
          json.preformatted(std::string_view(block.text).substr(rowBegin, rowEnd - rowBegin));
          rowBegin = rowEnd;
        }
        rowsWritten(static_cast<std::int32_t>(block.rowEnds.size()));
      });
  json.endArray();
  json.endObject();
}

}  // namespace isla_world_export
