// SPDX-License-Identifier: MIT
// Values by u16 id (a water body, a town) for the ids a map holds.
#pragma once

#include <array>
#include <bitset>
#include <cstddef>
#include <cstdint>
#include <memory>

namespace isla {

// Blocks of 256 values, each made on first use. A flat 65536-entry array
// is zeroed whole whatever the map holds; where a first-touched page costs
// ~10 µs (this project's machines: docs/performance.md, Page faults), those
// 2 MiB were most of a small map's water validation. A map's ids are few
// and mostly low, so one or two blocks are made.
template <class T>
class IdTable {
 public:
  static constexpr std::size_t kIds = std::size_t{1} << 16;

  // The value of an id given a value, else nullptr.
  const T* find(std::uint16_t id) const {
    const Block* block = blocks_[id >> 8].get();
    return block && block->given[id & 0xff] ? &block->values[id & 0xff] : nullptr;
  }
  // The value of an id, value-initialised on first use.
  T& operator[](std::uint16_t id) {
    auto& block = blocks_[id >> 8];
    if (!block) block = std::make_unique<Block>();
    block->given.set(id & 0xff);
    return block->values[id & 0xff];
  }
  // visit(id, value) for every id given a value, in increasing id.
  template <class Visit>
  void forEach(Visit visit) const {
    for (std::size_t b = 0; b < blocks_.size(); ++b) {
      const Block* block = blocks_[b].get();
      if (!block) continue;
      for (std::size_t i = 0; i < kBlock; ++i) {
        if (block->given[i]) visit(static_cast<std::uint16_t>(b * kBlock + i), block->values[i]);
      }
    }
  }

 private:
  static constexpr std::size_t kBlock = 256;
  struct Block {
    std::bitset<kBlock> given;
    std::array<T, kBlock> values{};
  };
  std::array<std::unique_ptr<Block>, kIds / kBlock> blocks_;
};

}  // namespace isla
