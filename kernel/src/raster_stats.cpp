// SPDX-License-Identifier: MIT
#include "isla/raster_stats.hpp"

#include <boost/endian/conversion.hpp>

#include <cmath>
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

FloatStats floatStats(const Raster& raster) {
  const auto values = raster.values<float>();
  const std::byte* data = raster.bytes().data();
  const std::uint64_t n = values.size();

  // Independent lanes so that the loop vectorises without reassociation.
  constexpr std::size_t kLanes = 16;
  float low[kLanes], high[kLanes];
  double sum[kLanes];
  std::uint64_t count[kLanes];
  for (std::size_t j = 0; j < kLanes; ++j) {
    low[j] = std::numeric_limits<float>::infinity();
    high[j] = -std::numeric_limits<float>::infinity();
    sum[j] = 0;
    count[j] = 0;
  }
  std::uint64_t i = 0;
  for (; i + kLanes <= n; i += kLanes) {
    for (std::size_t j = 0; j < kLanes; ++j) {
      const std::uint32_t bits = bitsAt(data, i + j);
      float v;
      std::memcpy(&v, &bits, 4);
      const bool finite = (bits & kExponentMask) != kExponentMask;
      low[j] = finite && v < low[j] ? v : low[j];
      high[j] = finite && v > high[j] ? v : high[j];
      sum[j] += finite ? static_cast<double>(v) : 0.0;
      count[j] += finite ? 1u : 0u;
    }
  }
  for (; i < n; ++i) {
    const std::uint32_t bits = bitsAt(data, i);
    float v;
    std::memcpy(&v, &bits, 4);
    if ((bits & kExponentMask) == kExponentMask) continue;
    low[0] = v < low[0] ? v : low[0];
    high[0] = v > high[0] ? v : high[0];
    sum[0] += static_cast<double>(v);
    ++count[0];
  }

  FloatStats stats;
  double total = 0;
  float mn = std::numeric_limits<float>::infinity();
  float mx = -std::numeric_limits<float>::infinity();
  for (std::size_t j = 0; j < kLanes; ++j) {
    stats.finite += count[j];
    total += sum[j];
    mn = low[j] < mn ? low[j] : mn;
    mx = high[j] > mx ? high[j] : mx;
  }
  if (stats.finite > 0) {
    stats.min = mn;
    stats.max = mx;
    stats.mean = total / static_cast<double>(stats.finite);
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

ByteHistogram byteHistogram(const Raster& raster) {
  const auto bytes = raster.bytes();
  if (raster.type() != ElementType::U8) raster.values<std::uint8_t>();  // throws: wrong type
  // Four tables break the store-to-load dependency on runs of one value.
  ByteHistogram parts[4];
  const std::uint64_t n = bytes.size();
  std::uint64_t i = 0;
  for (; i + 4 <= n; i += 4) {
    for (std::size_t j = 0; j < 4; ++j) ++parts[j].counts[static_cast<std::uint8_t>(bytes[i + j])];
  }
  for (; i < n; ++i) ++parts[0].counts[static_cast<std::uint8_t>(bytes[i])];
  ByteHistogram out;
  for (std::size_t v = 0; v < 256; ++v) {
    out.counts[v] = parts[0].counts[v] + parts[1].counts[v] + parts[2].counts[v] + parts[3].counts[v];
  }
  return out;
}

}  // namespace isla
