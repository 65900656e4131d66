// SPDX-License-Identifier: MIT
// The bytes of the mixed samples a block met last, by their box counts and
// road weight. Along borders the same few counts come again and again, and
// without a water fade, which depends on the place, the same counts make
// the same bytes. Direct-mapped, its keys compared whole, so a hit is
// exactly what computing would give. Internal to the kernel.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

namespace isla {

class MixedSampleCache {
 public:
  explicit MixedSampleCache(std::size_t layers);

  // The bytes of `layers` counts `sums` under road weight `road`, or nullptr
  // when they are not held; either way the slot a store() then fills.
  const std::uint8_t* find(const std::uint32_t* sums, std::uint8_t road);
  // Holds `bytes` for the counts and road the last find() was given.
  void store(const std::uint32_t* sums, std::uint8_t road, const std::uint8_t* bytes);

 private:
  bool holds(std::size_t slot, const std::uint32_t* sums, std::uint8_t road) const;

  static constexpr std::size_t kSlots = 256;
  static constexpr std::uint16_t kEmpty = 0xffff;  // not a road weight

  std::size_t layers_;
  std::vector<std::uint32_t> sums_;        // kSlots x layers
  std::vector<std::uint8_t> bytes_;        // kSlots x layers
  std::array<std::uint16_t, kSlots> roads_;  // the road weight a slot holds, or kEmpty
  std::size_t slot_ = 0;                   // the slot of the last find()
};

}  // namespace isla
