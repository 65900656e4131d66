// SPDX-License-Identifier: MIT
// Bytes shared rather than copied: a leaf band's stored triangles by every
// tile over that band, a share read from disk by each view it holds. The
// pointer keeps its owner (the vector or buffer it points into) alive.
#pragma once

#include <cstddef>
#include <memory>
#include <span>
#include <utility>
#include <vector>

namespace isla_3dtiles {

struct SharedBytes {
  std::shared_ptr<const std::byte> data;
  std::size_t size = 0;

  static SharedBytes of(std::vector<std::byte> bytes) {
    auto owner = std::make_shared<const std::vector<std::byte>>(std::move(bytes));
    const std::byte* const first = owner->data();
    const std::size_t size = owner->size();
    return {std::shared_ptr<const std::byte>(std::move(owner), first), size};
  }
  std::span<const std::byte> span() const { return {data.get(), size}; }
};

}  // namespace isla_3dtiles
