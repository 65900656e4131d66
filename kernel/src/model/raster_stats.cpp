// SPDX-License-Identifier: MIT
#include "isla/model/raster_stats.hpp"

#include "isla/parallel/vector_clones.hpp"

#include <boost/endian/conversion.hpp>

#include <bit>
#include <cmath>
#include <algorithm>
#include <cstring>
#include <limits>

namespace isla {

namespace {

constexpr std::uint32_t kExponentMask = 0x7F800000u;

inline std::uint32_t bitsAt(const std::byte* data, std::uint64_t index) {
  return boost::endian::endian_load<std::uint32_t, 4, boost::endian::order::little>(
      reinterpret_cast<const unsigned char*>(data + 4 * index));
}

}  // namespace

namespace {

// Eight float lanes as a GCC/Clang vector: the lanes are explicit, so the
// arithmetic (and the result) is the same whatever instructions the CPU has.
using Floats = float __attribute__((vector_size(32)));
using Words = std::uint32_t __attribute__((vector_size(32)));
using Masks = std::int32_t __attribute__((vector_size(32)));
constexpr std::size_t kLanes = 8;
// Block partial sums stay in float (a block is short enough for float to hold
// its sum to ~1e-5 relative) and are added to the double total in order.
constexpr std::size_t kBlock = 4096;

struct Partial {
  float low = std::numeric_limits<float>::infinity();
  float high = -std::numeric_limits<float>::infinity();
  double sum = 0;
  std::uint64_t finite = 0;
};

// Whole blocks, on a little-endian host (the file's bytes are the floats);
// an AVX2 clone where the CPU has it.
ISLA_VECTOR_CLONES
Partial scanBlocks(const std::byte* data, std::uint64_t blocks) {
  constexpr float kInf = std::numeric_limits<float>::infinity();
  const Floats inf = Floats{} + kInf;
  Partial out;
  for (std::uint64_t b = 0; b < blocks; ++b) {
    Floats low = inf, high = -inf, sum = Floats{};
    Masks nonFiniteCount = Masks{};
    const std::byte* block = data + b * kBlock * 4;
    for (std::size_t i = 0; i < kBlock; i += kLanes) {
      Words bits;
      std::memcpy(&bits, block + i * 4, sizeof bits);
      const Masks nonFinite = (bits & kExponentMask) == kExponentMask;  // -1 or 0 a lane
      const Floats v = __builtin_bit_cast(Floats, bits);
      const Floats forLow = nonFinite ? inf : v;
      const Floats forHigh = nonFinite ? -inf : v;
      low = forLow < low ? forLow : low;
      high = forHigh > high ? forHigh : high;
      sum += nonFinite ? Floats{} : v;
      nonFiniteCount -= nonFinite;
    }
    double blockSum = 0;
    for (std::size_t j = 0; j < kLanes; ++j) {
      out.low = low[j] < out.low ? low[j] : out.low;
      out.high = high[j] > out.high ? high[j] : out.high;
      blockSum += static_cast<double>(sum[j]);
      out.finite += kBlock / kLanes - static_cast<std::uint32_t>(nonFiniteCount[j]);
    }
    out.sum += blockSum;
  }
  return out;
}

}  // namespace

FloatStats floatStats(const Raster& raster) {
  const std::uint64_t n = raster.values<float>().size();
  const std::byte* data = raster.bytes().data();
  const std::uint64_t blocks = std::endian::native == std::endian::little ? n / kBlock : 0;
  Partial total = scanBlocks(data, blocks);
  for (std::uint64_t i = blocks * kBlock; i < n; ++i) {
    const std::uint32_t bits = bitsAt(data, i);
    if ((bits & kExponentMask) == kExponentMask) continue;
    float v;
    std::memcpy(&v, &bits, 4);
    total.low = v < total.low ? v : total.low;
    total.high = v > total.high ? v : total.high;
    total.sum += static_cast<double>(v);
    ++total.finite;
  }

  FloatStats stats;
  stats.finite = total.finite;
  if (stats.finite > 0) {
    stats.min = total.low;
    stats.max = total.high;
    stats.mean = total.sum / static_cast<double>(stats.finite);
  }
  if (stats.finite != n) {
    // Rare: classify the non-finite values in a second, scalar pass.
    for (std::uint64_t k = 0; k < n; ++k) {
      const std::uint32_t bits = bitsAt(data, k);
      if ((bits & kExponentMask) != kExponentMask) continue;
      if (!stats.firstNonFinite) stats.firstNonFinite = k;
      ((bits & 0x007FFFFFu) != 0 ? stats.nan : stats.infinite) += 1;
    }
  }
  return stats;
}

namespace {

using Bytes = std::uint8_t __attribute__((vector_size(32)));
constexpr std::size_t kChunk = 1 << 16;  // fits the L2 cache, so re-reading it is cheap
// Counts for values below this are taken by vector compares; a chunk with a
// larger value falls back to the table.
constexpr unsigned kSmallAlphabet = 32;

std::uint8_t chunkMax(const std::byte* chunk) {
  Bytes high{};
  for (std::size_t i = 0; i < kChunk; i += sizeof(Bytes)) {
    Bytes v;
    std::memcpy(&v, chunk + i, sizeof v);
    high = v > high ? v : high;
  }
  std::uint8_t out = 0;
  for (std::size_t j = 0; j < sizeof(Bytes); ++j) out = high[j] > out ? high[j] : out;
  return out;
}

// One value's count in a chunk: a compare a vector, u8 lane counters
// emptied before they can wrap.
std::uint64_t chunkCount(const std::byte* chunk, std::uint8_t value) {
  constexpr std::size_t kVectors = kChunk / sizeof(Bytes);
  std::uint64_t total = 0;
  for (std::size_t start = 0; start < kVectors; start += 255) {
    Bytes lanes{};
    const std::size_t end = std::min(kVectors, start + 255);
    for (std::size_t k = start; k < end; ++k) {
      Bytes v;
      std::memcpy(&v, chunk + k * sizeof(Bytes), sizeof v);
      lanes -= (v == value);  // a match is -1
    }
    for (std::size_t j = 0; j < sizeof(Bytes); ++j) total += lanes[j];
  }
  return total;
}

void tableCount(const std::byte* bytes, std::size_t n, ByteHistogram& out) {
  // Four tables break the store-to-load dependency on runs of one value.
  std::uint64_t parts[4][256] = {};
  std::size_t i = 0;
  for (; i + 4 <= n; i += 4) {
    for (std::size_t j = 0; j < 4; ++j) ++parts[j][static_cast<std::uint8_t>(bytes[i + j])];
  }
  for (; i < n; ++i) ++parts[0][static_cast<std::uint8_t>(bytes[i])];
  for (std::size_t v = 0; v < 256; ++v) out.counts[v] += parts[0][v] + parts[1][v] + parts[2][v] + parts[3][v];
}

ISLA_VECTOR_CLONES
void countChunks(const std::byte* bytes, std::size_t chunks, ByteHistogram& out) {
  for (std::size_t c = 0; c < chunks; ++c) {
    const std::byte* chunk = bytes + c * kChunk;
    const std::uint8_t high = chunkMax(chunk);
    if (high >= kSmallAlphabet) {
      tableCount(chunk, kChunk, out);
      continue;
    }
    for (unsigned value = 0; value <= high; ++value) {
      out.counts[value] += chunkCount(chunk, static_cast<std::uint8_t>(value));
    }
  }
}

}  // namespace

ByteHistogram byteHistogram(const Raster& raster) {
  raster.values<std::uint8_t>();  // throws unless the grid is u8
  const auto bytes = raster.bytes();
  ByteHistogram out;
  const std::size_t chunks = bytes.size() / kChunk;
  countChunks(bytes.data(), chunks, out);
  tableCount(bytes.data() + chunks * kChunk, bytes.size() - chunks * kChunk, out);
  return out;
}

}  // namespace isla
