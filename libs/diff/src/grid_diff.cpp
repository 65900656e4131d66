// SPDX-License-Identifier: MIT
#include "isla/diff/grid_diff.hpp"

#include <bit>
#include <cmath>
#include <cstring>
#include <map>

#include "bands.hpp"
#include "isla/diff/diff_layers.hpp"

namespace isla::diff {

namespace {

struct HeightPartial {
  std::uint64_t changed = 0, raised = 0, lowered = 0;
  double sumAbs = 0;
  float maxAbs = -1;
  std::uint64_t maxIndex = 0;
  std::array<std::uint64_t, kHeightBinEdgesM.size() + 1> histogram{};
};

std::size_t binOf(double absChangeM) {
  std::size_t bin = 0;
  while (bin < kHeightBinEdgesM.size() && absChangeM >= kHeightBinEdgesM[bin]) ++bin;
  return bin;
}

}  // namespace

HeightChange compareHeights(FourCC tag, const Raster& a, const Raster& b, double tolerance, const Units& units,
                            unsigned threads) {
  const auto left = a.values<float>();
  const auto right = b.values<float>();
  const double scale = units.heightScaleM;
  const auto partials = detail::scanBands<HeightPartial>(
      a.pixelCount(), threads, [&](std::uint64_t begin, std::uint64_t end, HeightPartial& p) {
        detail::forDifferingRuns(a, b, begin, end, [&](std::uint64_t first, std::uint64_t last) {
          for (std::uint64_t i = first; i < last; ++i) {
            const float from = left[i].value();
            const float to = right[i].value();
            if (std::bit_cast<std::uint32_t>(from) == std::bit_cast<std::uint32_t>(to)) continue;
            const float change = to - from;
            const float absChange = std::fabs(change);
            if (tolerance > 0 && absChange <= tolerance) continue;
            ++p.changed;
            p.raised += change > 0;
            p.lowered += change < 0;
            if (std::isnan(absChange)) continue;
            p.sumAbs += absChange;
            ++p.histogram[binOf(absChange * scale)];
            if (absChange > p.maxAbs) {
              p.maxAbs = absChange;
              p.maxIndex = i;
            }
          }
        });
      });
  HeightChange result;
  result.grid = {tag, a.pixelCount(), 0};
  double sumAbs = 0;
  float maxAbs = -1;
  std::uint64_t maxIndex = 0;
  for (const auto& p : partials) {
    result.grid.changed += p.changed;
    result.raised += p.raised;
    result.lowered += p.lowered;
    sumAbs += p.sumAbs;
    for (std::size_t bin = 0; bin < p.histogram.size(); ++bin) result.histogram[bin] += p.histogram[bin];
    if (p.maxAbs > maxAbs) {
      maxAbs = p.maxAbs;
      maxIndex = p.maxIndex;
    }
  }
  if (maxAbs >= 0) {
    const auto n = static_cast<std::uint64_t>(a.mapSize());
    result.maxAbsChangeM = maxAbs * scale;
    result.maxX = static_cast<std::int64_t>(maxIndex / n);
    result.maxY = static_cast<std::int64_t>(maxIndex % n);
    result.maxFromM = left[maxIndex].value() * scale;
    result.maxToM = right[maxIndex].value() * scale;
  }
  std::uint64_t measured = 0;
  for (const auto count : result.histogram) measured += count;
  if (measured) result.meanAbsChangeM = sumAbs * scale / static_cast<double>(measured);
  return result;
}

BiomeChange compareBiomes(FourCC tag, const Raster& a, const Raster& b, unsigned threads) {
  using Counts = std::map<std::pair<std::uint32_t, std::uint32_t>, std::uint64_t>;
  const auto left = a.values<std::uint8_t>();
  const auto right = b.values<std::uint8_t>();
  const auto partials = detail::scanBands<Counts>(
      a.pixelCount(), threads, [&](std::uint64_t begin, std::uint64_t end, Counts& counts) {
        // A dense matrix while scanning (a map insertion a pixel would
        // dominate), made at the band's first change.
        std::vector<std::uint64_t> matrix;
        detail::forDifferingRuns(a, b, begin, end, [&](std::uint64_t first, std::uint64_t last) {
          if (matrix.empty()) matrix.resize(256 * 256);
          for (std::uint64_t i = first; i < last; ++i) ++matrix[left[i].value() * 256u + right[i].value()];
        });
        // The diagonal counted pixels that did not change.
        for (std::uint32_t c = 0; c < 256 && !matrix.empty(); ++c) matrix[c * 257] = 0;
        for (std::uint32_t cell = 0; cell < matrix.size(); ++cell) {
          if (matrix[cell]) counts[{cell / 256, cell % 256}] = matrix[cell];
        }
      });
  Counts total;
  for (const auto& counts : partials) {
    for (const auto& [key, pixels] : counts) total[key] += pixels;
  }
  BiomeChange result;
  result.grid = {tag, a.pixelCount(), 0};
  for (const auto& [key, pixels] : total) {
    result.transitions.push_back({key.first, key.second, pixels});
    result.grid.changed += pixels;
  }
  return result;
}

namespace {

template <class T>
std::uint64_t countChanged(const Raster& a, const Raster& b, double tolerance, unsigned threads) {
  const auto left = a.values<T>();
  const auto right = b.values<T>();
  const auto partials = detail::scanBands<std::uint64_t>(
      a.pixelCount(), threads, [&](std::uint64_t begin, std::uint64_t end, std::uint64_t& changed) {
        detail::forDifferingRuns(a, b, begin, end, [&](std::uint64_t first, std::uint64_t last) {
          for (std::uint64_t i = first; i < last; ++i) {
            const T from = left[i].value();
            const T to = right[i].value();
            if (std::memcmp(&from, &to, sizeof(T)) == 0) continue;
            const double difference = std::fabs(static_cast<double>(to) - static_cast<double>(from));
            changed += !(tolerance > 0 && difference <= tolerance);
          }
        });
      });
  std::uint64_t changed = 0;
  for (const auto count : partials) changed += count;
  return changed;
}

}  // namespace

GridChange compareGrid(FourCC tag, const Raster& a, const Raster& b, double tolerance, unsigned threads) {
  GridChange result{tag, a.pixelCount(), 0};
  switch (a.type()) {
    case ElementType::U8: result.changed = countChanged<std::uint8_t>(a, b, tolerance, threads); break;
    case ElementType::U16: result.changed = countChanged<std::uint16_t>(a, b, tolerance, threads); break;
    case ElementType::U32: result.changed = countChanged<std::uint32_t>(a, b, tolerance, threads); break;
    case ElementType::I32: result.changed = countChanged<std::int32_t>(a, b, tolerance, threads); break;
    case ElementType::F32: result.changed = countChanged<float>(a, b, tolerance, threads); break;
  }
  return result;
}

}  // namespace isla::diff
