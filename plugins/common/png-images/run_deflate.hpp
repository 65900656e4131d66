// SPDX-License-Identifier: MIT
// A deflate (RFC 1951) of PNG rows filtered Up that looks for one thing
// only: runs of a byte repeated (a match at distance 1), coded with the
// fixed Huffman codes. Weight maps are mostly one class alone, so their
// filtered rows are mostly zeros: found 32 bytes at a time from the raw rows
// (a row equal to the one above filters to zeros), this codes them several
// times faster than zlib at any level (which hashes every literal), at
// about twice zlib's size on weight maps (docs/performance.md). The
// Adler-32 of the filtered bytes is kept on the way, a run in O(1).
#pragma once

#include <cstdint>
#include <span>
#include <vector>

namespace isla_png {

struct RunDeflated {
  std::vector<std::uint8_t> bytes;  // whole bytes: ended by a sync flush, or final
  std::uint32_t adler = 1;          // Adler-32 of the filtered bytes (filter byte and row)
  std::size_t filteredBytes = 0;    // for adler32_combine
};

// `raw`: rows of `rowBytes` bytes, one after the other; `above`: the raw row
// before the first (zeros for an image's first row). Codes each row as the
// filter byte 2 (Up) and the row minus the one above, as one fixed-Huffman
// block, then a sync flush (an empty stored block) or, when `last`, the
// final bit. The blocks of consecutive calls concatenate into one stream.
RunDeflated runDeflateUpRows(std::span<const std::uint8_t> raw, std::size_t rowBytes,
                             std::span<const std::uint8_t> above, bool last);

}  // namespace isla_png
