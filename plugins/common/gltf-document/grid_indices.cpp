// SPDX-License-Identifier: MIT
#include "grid_indices.hpp"

#include <algorithm>
#include <cstring>

namespace isla_gltf {

namespace {

// Indices a row of cells takes: two triangles a cell; or, as a strip, the
// start repeated, two a sample, the end repeated.
std::uint64_t rowIndices(std::uint64_t width, GridMode mode) {
  return mode == GridMode::Triangles ? 6 * (width - 1) : 2 * width + 2;
}

// One row of cells, its north row of vertices starting at `north`.
template <class Index>
void rowOfCells(Index* index, std::uint64_t width, std::uint64_t north, GridMode mode) {
  const std::uint64_t south = north + width;
  if (mode == GridMode::Triangles) {
    for (std::uint64_t x = 0; x + 1 < width; ++x) {
      const auto nw = static_cast<Index>(north + x), ne = static_cast<Index>(nw + 1);
      const auto sw = static_cast<Index>(south + x), se = static_cast<Index>(sw + 1);
      for (const Index corner : {nw, se, ne, nw, sw, se}) *index++ = corner;
    }
    return;
  }
  *index++ = static_cast<Index>(south);
  for (std::uint64_t x = 0; x < width; ++x) {
    *index++ = static_cast<Index>(south + x);
    *index++ = static_cast<Index>(north + x);
  }
  *index = static_cast<Index>(north + width - 1);
}

}  // namespace

std::vector<IndexPart> gridParts(std::uint64_t width, std::uint64_t depth, GridMode mode) {
  const std::uint64_t cellRows = depth - 1;
  const bool shortIndices = 2 * width <= kShortIndexSpan;
  const std::uint64_t rowsAPart = shortIndices ? kShortIndexSpan / width - 1 : cellRows;
  std::vector<IndexPart> parts;
  for (std::uint64_t row = 0; row < cellRows; row += rowsAPart) {
    const std::uint64_t rows = std::min(rowsAPart, cellRows - row);
    parts.push_back({.firstIndex = row * rowIndices(width, mode),
                     .indexCount = rows * rowIndices(width, mode),
                     .firstVertex = row * width,
                     .vertexCount = (rows + 1) * width,
                     .shortIndices = shortIndices});
  }
  return parts;
}

void appendGridIndices(std::vector<std::byte>& out, std::uint64_t width, const IndexPart& part, GridMode mode) {
  const std::size_t at = out.size();
  out.resize(at + part.bytes());
  std::byte* target = out.data() + at;
  const auto emit = [&](auto type) {
    using Index = decltype(type);
    std::vector<Index> row(rowIndices(width, mode));
    for (std::uint64_t north = 0; north + width < part.vertexCount; north += width) {
      rowOfCells(row.data(), width, north, mode);
      std::memcpy(target, row.data(), row.size() * sizeof(Index));
      target += row.size() * sizeof(Index);
    }
  };
  if (part.shortIndices) emit(std::uint16_t{});
  else emit(std::uint32_t{});
}

}  // namespace isla_gltf
