// SPDX-License-Identifier: MIT
#include "index_parts.hpp"

#include <algorithm>
#include <cstring>

namespace isla_gltf {

std::vector<IndexPart> indexParts(std::span<const std::uint32_t> indices, std::uint64_t first, std::uint64_t count,
                                  std::uint64_t vertices) {
  const IndexPart whole{.firstIndex = first, .indexCount = count, .firstVertex = 0, .vertexCount = vertices,
                        .shortIndices = vertices <= kShortIndexSpan};
  if (whole.shortIndices || count == 0) return {whole};
  std::vector<IndexPart> parts;
  std::uint64_t low = 0, high = 0;
  for (std::uint64_t i = first; i < first + count; i += 3) {
    const std::uint64_t triangleLow = std::min({indices[i], indices[i + 1], indices[i + 2]});
    const std::uint64_t triangleHigh = std::max({indices[i], indices[i + 1], indices[i + 2]});
    if (parts.empty() || std::max(high, triangleHigh) - std::min(low, triangleLow) >= kShortIndexSpan) {
      if (!parts.empty()) parts.back().vertexCount = high - low + 1, parts.back().firstVertex = low;
      // A cut order spreads its parts: more than twice the fewest possible, and one 32-bit part is smaller.
      if (parts.size() + 1 > 2 * (vertices / kShortIndexSpan + 1)) return {whole};
      parts.push_back({.firstIndex = i, .indexCount = 0, .firstVertex = 0, .vertexCount = 0, .shortIndices = true});
      low = triangleLow, high = triangleHigh;
    }
    low = std::min(low, triangleLow), high = std::max(high, triangleHigh);
    parts.back().indexCount += 3;
  }
  parts.back().firstVertex = low, parts.back().vertexCount = high - low + 1;
  return parts;
}

void appendPartIndices(std::vector<std::byte>& out, std::span<const std::uint32_t> indices, const IndexPart& part) {
  const std::size_t at = out.size();
  out.resize(at + part.bytes());
  const auto source = indices.subspan(part.firstIndex, part.indexCount);
  const auto base = static_cast<std::uint32_t>(part.firstVertex);
  std::byte* target = out.data() + at;
  const auto store = [&](auto value) {
    std::memcpy(target, &value, sizeof value);
    target += sizeof value;
  };
  if (part.shortIndices) {
    for (const std::uint32_t index : source) store(static_cast<std::uint16_t>(index - base));
  } else {
    for (const std::uint32_t index : source) store(index - base);
  }
}

void padToFour(std::vector<std::byte>& out) { out.resize((out.size() + 3) / 4 * 4, std::byte{0}); }

}  // namespace isla_gltf
