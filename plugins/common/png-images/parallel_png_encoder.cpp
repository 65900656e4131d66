// SPDX-License-Identifier: MIT
#include "parallel_png_encoder.hpp"

#include <isla/parallel/parallel.hpp>

#include <zlib.h>

#include <algorithm>
#include <array>
#include <cstring>
#include <stdexcept>
#include <string>

#include "run_deflate.hpp"

namespace isla_png {

namespace {

// About pigz's block size times two: a sync flush and a restart cost a few
// bytes a block, and a batch of blocks is what is held.
constexpr std::size_t kBlockBytes = 256 * 1024;
constexpr std::size_t kWindowBytes = 32 * 1024;  // deflate's window: the dictionary a block is primed with
constexpr std::size_t kBlocksPerThread = 2;      // a batch, so that a slow block does not idle the others
constexpr std::size_t kMaxChunkData = std::size_t{1} << 30;
constexpr int kRunsLevel = 1;  // what the zlib header says of run_deflate's stream: the fastest
constexpr std::array<std::uint8_t, 8> kSignature{0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};

void putBigEndian(std::vector<std::uint8_t>& out, std::uint32_t value) {
  for (int shift = 24; shift >= 0; shift -= 8) out.push_back(static_cast<std::uint8_t>(value >> shift));
}

// One filtered row (filter byte, then the row), filtered Up: a
// heightmap's rows are alike, and on the example's 4096² heightmap Up on
// every row deflates 17 % smaller at level 6 than libpng's per-row
// heuristic (least sum of signed bytes), and level 2 is smaller than the
// heuristic at 6 (docs/performance.md).
void filterRowUp(const std::uint8_t* row, const std::uint8_t* above, std::size_t length, std::uint8_t* out) {
  out[0] = 2;  // Up
  for (std::size_t i = 0; i < length; ++i) out[i + 1] = static_cast<std::uint8_t>(row[i] - above[i]);
}

// The zlib header for `level` (RFC 1950: CM 8, a 32 KiB window, FLEVEL as zlib sets it).
std::array<std::uint8_t, 2> zlibHeader(int level) {
  const unsigned flevel = level < 2 ? 0 : level < 6 ? 1 : level == 6 ? 2 : 3;
  const unsigned cmf = 0x78, flg = flevel << 6;
  return {static_cast<std::uint8_t>(cmf), static_cast<std::uint8_t>(flg + 31 - (cmf * 256 + flg) % 31)};
}

// A raw deflate of `data` primed with `dictionary`, ended with a sync flush
// (or, for the last block, the final block).
std::vector<std::uint8_t> deflateBlock(std::span<const std::uint8_t> data, std::span<const std::uint8_t> dictionary,
                                       int level, bool last) {
  z_stream stream{};
  if (deflateInit2(&stream, level, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY) != Z_OK) {
    throw std::runtime_error("png: zlib cannot start a deflate stream (out of memory)");
  }
  std::vector<std::uint8_t> out(deflateBound(&stream, static_cast<uLong>(data.size())) + 16);
  if (!dictionary.empty()) {
    deflateSetDictionary(&stream, dictionary.data(), static_cast<uInt>(dictionary.size()));
  }
  stream.next_in = const_cast<Bytef*>(data.data());
  stream.avail_in = static_cast<uInt>(data.size());
  stream.next_out = out.data();
  stream.avail_out = static_cast<uInt>(out.size());
  const int status = deflate(&stream, last ? Z_FINISH : Z_SYNC_FLUSH);
  const bool done = last ? status == Z_STREAM_END : status == Z_OK && stream.avail_in == 0 && stream.avail_out > 0;
  out.resize(stream.total_out);
  deflateEnd(&stream);
  if (!done) throw std::runtime_error("png: zlib cannot deflate a block (status " + std::to_string(status) + ")");
  return out;
}

}  // namespace

ParallelPngEncoder::ParallelPngEncoder(isla::FileWriter& file, const ImageHeader& header, unsigned threads)
    : file_(file),
      rowBytes_(static_cast<std::size_t>(header.width) * bytesPerPixel(header.format)),
      rowsLeft_(header.height),
      rowsPerBlock_(std::max<std::size_t>(1, kBlockBytes / std::max<std::size_t>(rowBytes_, 1))),
      level_(header.deflate == Deflate::Runs ? kRunsLevel : header.compression),
      deflate_(header.deflate),
      threads_(std::max(threads, 1u)),
      lastRow_(rowBytes_, 0) {
  file_.write(std::as_bytes(std::span(kSignature)));
  std::vector<std::uint8_t> ihdr;
  putBigEndian(ihdr, header.width);
  putBigEndian(ihdr, header.height);
  const bool indexed = header.format == PixelFormat::Indexed8;
  ihdr.push_back(header.format == PixelFormat::Gray16 ? 16 : 8);
  ihdr.push_back(colorType(header.format));
  ihdr.insert(ihdr.end(), {0, 0, 0});  // deflate, adaptive filtering, no interlace
  writeChunk("IHDR", ihdr);
  if (indexed) {
    std::vector<std::uint8_t> plte;
    for (std::size_t i = 0; i < std::min<std::size_t>(header.palette.size(), 256); ++i) {
      plte.insert(plte.end(), header.palette[i].begin(), header.palette[i].end());
    }
    writeChunk("PLTE", plte);
  }
  for (const auto& [keyword, text] : header.text) {
    std::vector<std::uint8_t> data(keyword.begin(), keyword.begin() + std::min<std::ptrdiff_t>(std::ssize(keyword), 79));
    data.push_back(0);
    data.insert(data.end(), text.begin(), text.end());
    writeChunk("tEXt", data);
  }
}

void ParallelPngEncoder::writeRow(std::span<const std::uint8_t> row) {
  if (row.size() != rowBytes_) {
    throw std::runtime_error("png: a row of " + std::to_string(row.size()) + " bytes, not " + std::to_string(rowBytes_));
  }
  const std::span<std::uint8_t> place = nextRow();
  std::copy(row.begin(), row.end(), place.begin());
  commitRow();
}

std::span<std::uint8_t> ParallelPngEncoder::nextRow() {
  if (rowsLeft_ == 0) throw std::runtime_error("png: a row after the last row");
  const std::size_t blockBytes = rowsPerBlock_ * rowBytes_;
  if (used_ == 0 || lastBytes_ == blockBytes) {
    if (used_ == blocks_.size()) blocks_.emplace_back(blockBytes);
    ++used_;
    lastBytes_ = 0;
  }
  return std::span(blocks_[used_ - 1]).subspan(lastBytes_, rowBytes_);
}

void ParallelPngEncoder::commitRow() {
  lastBytes_ += rowBytes_;
  --rowsLeft_;
  const bool batchFull = used_ == kBlocksPerThread * threads_ && lastBytes_ == rowsPerBlock_ * rowBytes_;
  if (rowsLeft_ == 0 || batchFull) {
    if (deflate_ == Deflate::Runs) {
      runDeflatePending(rowsLeft_ == 0);
    } else {
      deflatePending(rowsLeft_ == 0);
    }
  }
}

std::span<const std::uint8_t> ParallelPngEncoder::block(std::size_t b) const {
  return std::span(blocks_[b]).first(b + 1 == used_ ? lastBytes_ : blocks_[b].size());
}

void ParallelPngEncoder::runDeflatePending(bool last) {
  const std::size_t count = used_;
  std::vector<RunDeflated> deflated(count);
  isla::parallelFor(count, threads_, [&](std::size_t b) {
    const std::span<const std::uint8_t> above = b > 0 ? block(b - 1).last(rowBytes_) : std::span(lastRow_);
    deflated[b] = runDeflateUpRows(block(b), rowBytes_, above, last && b + 1 == count);
  });
  for (std::size_t b = 0; b < count; ++b) {
    writeIdat(std::move(deflated[b].bytes), deflated[b].adler, deflated[b].filteredBytes, last && b + 1 == count);
  }
  endBatch(last);
}

void ParallelPngEncoder::deflatePending(bool last) {
  const std::size_t count = used_;
  // Filtering needs each block's row above; the dictionary, the filtered
  // bytes before it: first every block is filtered, then deflated.
  std::vector<std::vector<std::uint8_t>> filtered(count);
  isla::parallelFor(count, threads_, [&](std::size_t b) {
    const std::span<const std::uint8_t> raw = block(b);
    const std::size_t rows = raw.size() / rowBytes_;
    filtered[b].resize(rows * (rowBytes_ + 1));
    for (std::size_t r = 0; r < rows; ++r) {
      const std::uint8_t* above = r > 0   ? &raw[(r - 1) * rowBytes_]
                                  : b > 0 ? block(b - 1).last(rowBytes_).data()
                                          : lastRow_.data();
      filterRowUp(&raw[r * rowBytes_], above, rowBytes_, &filtered[b][r * (rowBytes_ + 1)]);
    }
  });
  std::vector<std::vector<std::uint8_t>> deflated(count);
  std::vector<std::uint32_t> adlers(count);
  isla::parallelFor(count, threads_, [&](std::size_t b) {
    std::vector<std::uint8_t> dictionary;
    const std::vector<std::uint8_t>& before = b > 0 ? filtered[b - 1] : window_;
    dictionary.assign(before.end() - static_cast<std::ptrdiff_t>(std::min(before.size(), kWindowBytes)), before.end());
    deflated[b] = deflateBlock(filtered[b], dictionary, level_, last && b + 1 == count);
    adlers[b] = static_cast<std::uint32_t>(adler32(1, filtered[b].data(), static_cast<uInt>(filtered[b].size())));
  });
  for (std::size_t b = 0; b < count; ++b) {
    writeIdat(std::move(deflated[b]), adlers[b], filtered[b].size(), last && b + 1 == count);
  }
  const std::vector<std::uint8_t>& tail = filtered.back();
  window_.assign(tail.end() - static_cast<std::ptrdiff_t>(std::min(tail.size(), kWindowBytes)), tail.end());
  endBatch(last);
}

void ParallelPngEncoder::endBatch(bool last) {
  const std::span<const std::uint8_t> tail = block(used_ - 1).last(rowBytes_);
  lastRow_.assign(tail.begin(), tail.end());
  used_ = 0;
  if (last) writeChunk("IEND", {});
}

void ParallelPngEncoder::writeIdat(std::vector<std::uint8_t> deflated, std::uint32_t adler, std::size_t filteredBytes,
                                   bool last) {
  std::vector<std::uint8_t> data;
  if (!started_) {
    const auto header = zlibHeader(level_);
    data.assign(header.begin(), header.end());
    started_ = true;
  }
  data.insert(data.end(), deflated.begin(), deflated.end());
  adler_ = static_cast<std::uint32_t>(adler32_combine(adler_, adler, static_cast<z_off_t>(filteredBytes)));
  if (last) putBigEndian(data, adler_);
  for (std::size_t offset = 0; offset < data.size(); offset += kMaxChunkData) {
    writeChunk("IDAT", std::span(data).subspan(offset, std::min(kMaxChunkData, data.size() - offset)));
  }
}

void ParallelPngEncoder::writeChunk(const char* type, std::span<const std::uint8_t> data) {
  std::vector<std::uint8_t> head;
  putBigEndian(head, static_cast<std::uint32_t>(data.size()));
  head.insert(head.end(), type, type + 4);
  uLong crc = crc32(0, head.data() + 4, 4);
  if (!data.empty()) crc = crc32(crc, data.data(), static_cast<uInt>(data.size()));  // a null buffer resets it
  std::vector<std::uint8_t> tail;
  putBigEndian(tail, static_cast<std::uint32_t>(crc));
  file_.write(std::as_bytes(std::span(head)));
  file_.write(std::as_bytes(data));
  file_.write(std::as_bytes(std::span(tail)));
}

}  // namespace isla_png
