// SPDX-License-Identifier: MIT
#include "material_layers_band.hpp"

#include <algorithm>
#include <cstring>

namespace isla {

void LayerBand::reset(std::int32_t rows, std::int32_t width, std::size_t layers, std::int32_t blockColumns) {
  rows_ = rows;
  width_ = width;
  layers_ = layers;
  classes_.resize(static_cast<std::size_t>(rows) * static_cast<std::size_t>(width));
  blocks_.resize(static_cast<std::size_t>((width + blockColumns - 1) / blockColumns));
  for (std::size_t b = 0; b < blocks_.size(); ++b) {
    blocks_[b].x0 = static_cast<std::int32_t>(b) * blockColumns;
    blocks_[b].x1 = std::min(width, blocks_[b].x0 + blockColumns);
    blocks_[b].mixed.clear();
    blocks_[b].rowStart.clear();
  }
}

void LayerBand::layOut(std::int32_t k, std::span<std::uint8_t> out) const {
  const std::size_t L = layers_;
  const std::uint8_t* classes = &classes_[static_cast<std::size_t>(k) * width()];
  std::uint8_t* sample = out.data();
  for (const Block& block : blocks_) {
    const std::uint8_t* mixed = block.mixed.data() + block.rowStart[static_cast<std::size_t>(k)] * L;
    for (std::int32_t x = block.x0; x < block.x1; ++x, sample += L) {
      if (const std::uint8_t layer = classes[x]; layer != kMixedSample) {
        writeOneHot(sample, layer, L);
      } else {
        std::memcpy(sample, mixed, L);
        mixed += L;
      }
    }
  }
}

CompactLayerRow LayerBand::compact(std::int32_t k, std::span<std::uint8_t> out) const {
  const std::size_t L = layers_;
  const auto classes = std::span<const std::uint8_t>(classes_).subspan(static_cast<std::size_t>(k) * width(), width());
  for (const Block& block : blocks_) {
    const std::uint8_t* mixed = block.mixed.data() + block.rowStart[static_cast<std::size_t>(k)] * L;
    const std::uint8_t* end = block.mixed.data() + block.rowStart[static_cast<std::size_t>(k) + 1] * L;
    // The block's mixed samples, in order, found by their class (memchr: a few among many whole ones).
    const std::uint8_t* at = classes.data() + block.x0;
    const std::uint8_t* blockEnd = classes.data() + block.x1;
    for (; mixed != end; mixed += L, ++at) {
      at = static_cast<const std::uint8_t*>(std::memchr(at, kMixedSample, static_cast<std::size_t>(blockEnd - at)));
      std::memcpy(&out[static_cast<std::size_t>(at - classes.data()) * L], mixed, L);
    }
  }
  return {classes, out};
}

}  // namespace isla
