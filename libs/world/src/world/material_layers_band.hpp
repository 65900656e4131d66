// SPDX-License-Identifier: MIT
// A band of a source's quantised layer weights, kept compact: most samples
// are one layer whole, stored as that layer's number in one byte; the
// others as kMixedSample, their layers' bytes in a list of their column
// block's. A row is laid out L bytes a sample only when it is read, into
// a buffer that stays in cache, rather than the band being written to
// memory and read back at 16 bytes a sample. Internal to the kernel.
#pragma once

#include <cstdint>
#include <cstring>
#include <span>
#include <vector>

#include "isla/world/material_layers.hpp"

namespace isla {

class LayerBand {
 public:
  // Bytes past a row that laying it out may overwrite.
  static constexpr std::size_t kRowSlack = 64;

  // The samples of one column block, [x0, x1) of every row.
  struct Block {
    std::int32_t x0 = 0;
    std::int32_t x1 = 0;
    std::vector<std::uint8_t> mixed;     // layers() bytes a mixed sample, in row-major order
    std::vector<std::size_t> rowStart;   // each row's first mixed sample, then their count
  };

  // `rows` rows of `width` samples of `layers` layers, in blocks of `blockColumns`.
  void reset(std::int32_t rows, std::int32_t width, std::size_t layers, std::int32_t blockColumns);

  std::int32_t rows() const { return rows_; }
  std::vector<Block>& blocks() { return blocks_; }
  // The one-byte samples of block `block`'s row k start at classes(block)[k * width].
  std::span<std::uint8_t> classes(const Block& block) {
    return std::span(classes_).subspan(static_cast<std::size_t>(block.x0));
  }
  std::size_t width() const { return static_cast<std::size_t>(width_); }

  // Row k, layers bytes a sample, into `out` (width x layers bytes and
  // kRowSlack more).
  void layOut(std::int32_t k, std::span<std::uint8_t> out) const;
  // Row k's one-layer samples as their layers, and its mixed samples' bytes into `out` at x x layers.
  CompactLayerRow compact(std::int32_t k, std::span<std::uint8_t> out) const;

 private:
  std::int32_t rows_ = 0;
  std::int32_t width_ = 0;
  std::size_t layers_ = 0;
  std::vector<std::uint8_t> classes_;  // rows x width
  std::vector<Block> blocks_;
};

// A sample of one layer, 255 on it and 0 on the others, as whole vectors
// of `layers` bytes rounded up: it writes up to 15 bytes past the sample.
inline void writeOneHot(std::uint8_t* sample, std::uint8_t layer, std::size_t layers) {
  using ByteVector = std::uint8_t __attribute__((vector_size(16)));
  constexpr ByteVector kLaneIndex{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};
  for (std::size_t first = 0; first < layers; first += sizeof(ByteVector)) {
    const auto hot = reinterpret_cast<ByteVector>(kLaneIndex + static_cast<std::uint8_t>(first) == layer);  // all ones: 255
    std::memcpy(sample + first, &hot, sizeof(ByteVector));
  }
}

}  // namespace isla
