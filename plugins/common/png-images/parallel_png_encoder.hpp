// SPDX-License-Identifier: MIT
// A PNG written row by row whose deflate runs on several threads, the way
// pigz does it: the filtered image data is cut into blocks of a fixed number
// of rows, each block is deflated on its own (primed with the 32 KiB before
// it) and ended with a sync flush, and the blocks are joined into one zlib
// stream with the Adler-32 combined. The cut depends only on the image, so
// the bytes are the same whatever the thread count. Rows are held a batch of
// blocks at a time, never the whole image. An image whose header asks for
// Deflate::Runs has its blocks coded by run_deflate.hpp instead, which
// needs no dictionary (its matches reach one byte back).
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include <isla/publish/file_writer.hpp>

#include "png_encoder.hpp"

namespace isla_png {

class ParallelPngEncoder {
 public:
  // `threads`: at least 1. Writes the signature and the header chunks.
  ParallelPngEncoder(isla::FileWriter& file, const ImageHeader& header, unsigned threads);
  ParallelPngEncoder(const ParallelPngEncoder&) = delete;
  ParallelPngEncoder& operator=(const ParallelPngEncoder&) = delete;

  std::size_t rowBytes() const { return rowBytes_; }
  // Row after row, in PNG byte order; the last one finishes the file.
  // Throws IoError from the file, std::runtime_error from zlib.
  void writeRow(std::span<const std::uint8_t> row);
  // The same without a copy: the place of the next row (rowBytes(), its
  // bytes unset), valid until commitRow(), which takes it as written.
  std::span<std::uint8_t> nextRow();
  void commitRow();

 private:
  void deflatePending(bool last);
  void runDeflatePending(bool last);
  // The batch's last row kept as the one above the next; the blocks free for the next batch.
  void endBatch(bool last);
  // One deflated block into the IDAT stream (the zlib header first, the Adler-32 last).
  void writeIdat(std::vector<std::uint8_t> deflated, std::uint32_t adler, std::size_t filteredBytes, bool last);
  void writeChunk(const char* type, std::span<const std::uint8_t> data);

  isla::FileWriter& file_;
  std::size_t rowBytes_ = 0;
  std::uint32_t rowsLeft_ = 0;
  std::size_t rowsPerBlock_ = 1;
  int level_ = 6;
  Deflate deflate_ = Deflate::Zlib;
  unsigned threads_ = 1;
  bool started_ = false;                // the zlib header is out
  std::uint32_t adler_ = 1;             // of the filtered data so far
  std::vector<std::uint8_t> lastRow_;   // raw, the one above the next block
  std::vector<std::uint8_t> window_;    // filtered, the 32 KiB before the next block
  // Raw rows of the blocks of this batch: blocks_[0, used_), the last
  // holding lastBytes_; the blocks are kept from batch to batch.
  std::vector<std::vector<std::uint8_t>> blocks_;
  std::size_t used_ = 0;
  std::size_t lastBytes_ = 0;
  std::span<const std::uint8_t> block(std::size_t b) const;
};

}  // namespace isla_png
