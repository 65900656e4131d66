// SPDX-License-Identifier: MIT
#include "source_weights_cache.hpp"

#include <algorithm>

namespace isla {

MixedSampleCache::MixedSampleCache(std::size_t layers)
    : layers_(layers), sums_(kSlots * layers), bytes_(kSlots * layers) {
  roads_.fill(kEmpty);
}

bool MixedSampleCache::holds(std::size_t slot, const std::uint32_t* sums, std::uint8_t road) const {
  if (roads_[slot] != road) return false;
  // Or'ed differences, not std::equal: that is a call to memcmp, dearer than the few layers compared.
  const std::uint32_t* held = &sums_[slot * layers_];
  std::uint32_t differ = 0;
  for (std::size_t l = 0; l < layers_; ++l) differ |= sums[l] ^ held[l];
  return differ == 0;
}

const std::uint8_t* MixedSampleCache::find(const std::uint32_t* sums, std::uint8_t road) {
  // The last sample's slot first: along a border the next sample is often the same.
  if (!holds(slot_, sums, road)) {
    // A multiplicative hash: a sum of independent products (they vectorise), then its top bits.
    std::uint32_t hash = road * 0x2545f491u;
    for (std::size_t l = 0; l < layers_; ++l) hash += sums[l] * (0x9e3779b1u + 2 * static_cast<std::uint32_t>(l));
    static_assert(kSlots == 256);
    slot_ = (hash * 0x85ebca6bu) >> 24;
    if (!holds(slot_, sums, road)) return nullptr;
  }
  return &bytes_[slot_ * layers_];
}

void MixedSampleCache::store(const std::uint32_t* sums, std::uint8_t road, const std::uint8_t* bytes) {
  roads_[slot_] = road;
  std::copy_n(sums, layers_, &sums_[slot_ * layers_]);
  std::copy_n(bytes, layers_, &bytes_[slot_ * layers_]);
}

}  // namespace isla
