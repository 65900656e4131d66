// SPDX-License-Identifier: MIT
// The box counts, kept sparse: most samples' boxes hold one class, so a
// halo row's window over 2r + 1 columns is stored as that class alone
// where it is one, and as the layers' counts only where it is not; the
// per-column sums down 2r + 1 rows change by one value a sample where the
// entering or leaving row is one class, by none where both are the same.
// A box of one class (its sum for the entering row's class is the whole
// box) is a one-hot sample, written without quantising.
#include "source_weights.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <memory>
#include <stdexcept>
#include <vector>

namespace isla {

namespace {

constexpr std::uint8_t kMixed = 0xff;  // not a layer: kMaxLayers < 255
static_assert(kMaxLayers < kMixed);
constexpr std::size_t kCacheLine = 64;
constexpr std::size_t kPrefetchColumns = 4;
constexpr std::size_t kTransposeColumns = 16;

const Raster& biomesOf(const WorldSource& source) {
  const auto* biomes = source.role<BiomeGrid>();
  if (!biomes) throw std::runtime_error("source '" + source.id + "' has no biome classes for its material layers");
  return biomes->classes;
}

}  // namespace

SourceWeights::SourceWeights(const World& world, std::size_t source, const LayerMapping& mapping, std::int32_t radius,
                             double waterFadeM)
    : biomes_(biomesOf(world.sources[source])),
      waterIds_(world.sources[source].role<WaterBodyIdGrid>() ? &world.sources[source].role<WaterBodyIdGrid>()->ids
                                                              : nullptr),
      heights_(world.sources[source].heights()),
      waterFadeRaw_(waterFadeM / world.settings.heightScaleM),
      mapping_(mapping),
      layers_(mapping.names.size()),
      radius_(radius),
      mapSize_(biomes_.mapSize()),
      roads_(*world.sources[source].blueprint, biomes_.mapSize(), world.settings.spacingM) {
  if (waterFadeRaw_ > 0) {
    waterLevels_.assign(std::size_t{1} << 16, std::numeric_limits<float>::quiet_NaN());
    if (const auto* table = world.sources[source].role<WaterBodyTable>()) {
      for (const WaterBody& body : table->bodies) waterLevels_[body.id] = body.surfaceLevelRaw;
    }
  }
  biomeLayers_.fill(kMixed);
  for (std::size_t ordinal = 0; ordinal < kBiomeClasses; ++ordinal) {
    if (const auto layer = mapping.biomeLayer[ordinal]) biomeLayers_[ordinal] = static_cast<std::uint8_t>(*layer);
  }
}

std::vector<std::uint8_t> SourceWeights::haloClasses(std::int32_t z0, std::int32_t z1, std::int32_t x0,
                                                     std::int32_t x1) const {
  const std::int32_t r = radius_;
  const auto haloRows = static_cast<std::size_t>(z1 - z0 + 2 * r);
  const auto haloColumns = static_cast<std::size_t>(x1 - x0 + 2 * r);
  const auto waterLayer = static_cast<std::uint8_t>(mapping_.waterLayer.value_or(0));
  const auto clampIndex = [&](std::int64_t i) { return std::clamp<std::int64_t>(i, 0, mapSize_ - 1); };
  // The grids are X outer: a column (fixed x) is contiguous.
  const auto biomes = biomes_.values<std::uint8_t>();
  std::span<const LittleEndianT<std::uint16_t>> waterIds;
  if (waterIds_) waterIds = waterIds_->values<std::uint16_t>();
  const auto columnStart = [&](std::size_t c) {
    return biomes_.index(clampIndex(x0 - r + static_cast<std::int64_t>(c)), 0);
  };
  // A column's lines asked for a few columns ahead: the loads wait on
  // memory (80 % of this function's time at 8192²), and columns a grid
  // column apart are a stride no hardware prefetcher follows.
  const auto prefetch = [&](std::size_t c) {
    const std::uint64_t first = columnStart(c) + static_cast<std::uint64_t>(clampIndex(z0 - r));
    for (std::size_t k = 0; k < haloRows; k += kCacheLine) __builtin_prefetch(&biomes[first + k]);
    if (waterIds.empty()) return;
    for (std::size_t k = 0; k < haloRows; k += kCacheLine / 2) __builtin_prefetch(&waterIds[first + k]);
  };
  for (std::size_t c = 0; c < std::min(kPrefetchColumns, haloColumns); ++c) prefetch(c);
  // Read a group of grid columns at a time (each contiguous), then written
  // row-major, so that the windows across a halo row read it in order.
  std::vector<std::uint8_t> classes(haloRows * haloColumns);
  std::vector<std::uint8_t> columns(kTransposeColumns * haloRows);
  for (std::size_t first = 0; first < haloColumns; first += kTransposeColumns) {
    const std::size_t count = std::min(kTransposeColumns, haloColumns - first);
    for (std::size_t g = 0; g < count; ++g) {
      const std::size_t c = first + g;
      if (c + kPrefetchColumns < haloColumns) prefetch(c + kPrefetchColumns);
      const std::uint64_t column = columnStart(c);
      std::uint8_t* out = &columns[g * haloRows];
      for (std::size_t k = 0; k < haloRows; ++k) {
        const std::uint64_t at = column + static_cast<std::uint64_t>(clampIndex(z0 - r + static_cast<std::int64_t>(k)));
        out[k] = waterIds.empty() || waterIds[at].value() == 0 ? biomeLayers_[biomes[at].value()] : waterLayer;
      }
    }
    for (std::size_t k = 0; k < haloRows; ++k) {
      std::uint8_t* row = &classes[k * haloColumns + first];
      for (std::size_t g = 0; g < count; ++g) row[g] = columns[g * haloRows + k];
    }
  }
  if (std::find(classes.begin(), classes.end(), kMixed) != classes.end()) {
    throw std::logic_error("a biome that occurs has no layer");  // readLayerMapping checks it
  }
  return classes;
}

template <class Visit>
void SourceWeights::visitBoxes(std::int32_t z0, std::int32_t z1, std::int32_t x0, std::int32_t x1,
                               Visit&& visit) const {
  const std::size_t L = layers_;
  const auto r = static_cast<std::size_t>(radius_);
  const std::size_t span = 2 * r + 1;
  const auto rows = static_cast<std::size_t>(z1 - z0);
  const auto width = static_cast<std::size_t>(x1 - x0);
  const std::size_t haloRows = rows + 2 * r;
  const std::size_t haloColumns = width + 2 * r;
  const std::vector<std::uint8_t> classes = haloClasses(z0, z1, x0, x1);

  // Across: each halo row's window of `span` columns around each output
  // column, as its one class (`alone`) or kMixed and its counts. A window
  // is one class where the run of the class at its east end started at or
  // before its west end; counts are slid only along mixed windows.
  std::vector<std::uint8_t> alone(haloRows * width);
  std::vector<std::uint16_t> mixedCounts;  // L a mixed window, row after row, column after column
  std::vector<std::size_t> firstMixed(haloRows);  // each row's first window in mixedCounts
  std::vector<std::uint16_t> window(L);
  for (std::size_t k = 0; k < haloRows; ++k) {
    const std::uint8_t* classRow = &classes[k * haloColumns];
    const auto row = [classRow](std::size_t c) { return classRow[c]; };
    firstMixed[k] = mixedCounts.size() / L;
    std::size_t runStart = 0;
    for (std::size_t c = 1; c < 2 * r; ++c) {
      if (row(c) != row(c - 1)) runStart = c;
    }
    bool sliding = false;  // `window` holds the previous column's counts
    for (std::size_t x = 0; x < width; ++x) {
      const std::size_t east = x + 2 * r;
      if (east > 0 && row(east) != row(east - 1)) runStart = east;
      if (runStart <= x) {
        alone[k * width + x] = row(east);
        sliding = false;
        continue;
      }
      if (sliding) {
        --window[row(x - 1)];
        ++window[row(east)];
      } else {
        std::fill(window.begin(), window.end(), std::uint16_t{0});
        for (std::size_t c = x; c <= east; ++c) ++window[row(c)];
        sliding = true;
      }
      alone[k * width + x] = kMixed;
      mixedCounts.insert(mixedCounts.end(), window.begin(), window.end());
    }
  }

  // Down: each column's sums over `span` rows of windows. A row enters and
  // a row leaves an output row; where both are the same one class, the
  // sums stay as they are. A box is one class where the last `span`
  // windows of its column are (`sameRows`), without looking at the sums.
  std::vector<std::uint32_t> sums(width * L, 0);
  std::vector<std::uint32_t> sameRows(width, 0);  // windows of one class, the same, up to the entering row
  struct RowCursor {
    const std::uint8_t* alone;
    const std::uint16_t* counts;  // the next mixed window's
  };
  const auto cursor = [&](std::size_t k) {
    return RowCursor{&alone[k * width], mixedCounts.data() + firstMixed[k] * L};
  };
  const auto add = [&](RowCursor& row, std::size_t x, bool entering) {
    std::uint32_t* sum = &sums[x * L];
    if (const std::uint8_t c = row.alone[x]; c != kMixed) {
      sum[c] = entering ? sum[c] + static_cast<std::uint32_t>(span) : sum[c] - static_cast<std::uint32_t>(span);
      return;
    }
    for (std::size_t l = 0; l < L; ++l) sum[l] = entering ? sum[l] + row.counts[l] : sum[l] - row.counts[l];
    row.counts += L;
  };
  const auto countSame = [&](std::size_t k, std::size_t x) {
    const std::uint8_t c = alone[k * width + x];
    sameRows[x] = c == kMixed ? 0 : k > 0 && alone[(k - 1) * width + x] == c ? sameRows[x] + 1 : 1;
  };
  for (std::size_t k = 0; k < 2 * r; ++k) {
    RowCursor row = cursor(k);
    for (std::size_t x = 0; x < width; ++x) {
      add(row, x, true);
      countSame(k, x);
    }
  }
  std::vector<std::uint8_t> road(rows * width);
  roads_.rasterise(z0, z1, x0, x1, road);
  for (std::size_t k = 0; k < rows; ++k) {
    RowCursor entering = cursor(k + 2 * r);
    RowCursor leaving = k > 0 ? cursor(k - 1) : entering;
    for (std::size_t x = 0; x < width; ++x) {
      const std::uint8_t c = entering.alone[x];
      if (k == 0) {
        add(entering, x, true);
      } else if (c == kMixed || leaving.alone[x] != c) {
        add(entering, x, true);
        add(leaving, x, false);
      }
      countSame(k + 2 * r, x);
      visit(k, x, sameRows[x] >= span ? c : kMixed, &sums[x * L], road[k * width + x]);
    }
  }
}

void SourceWeights::numerators(std::int32_t z0, std::int32_t z1, std::int32_t x0, std::int32_t x1,
                               std::span<std::uint32_t> out) const {
  const std::size_t L = layers_;
  const auto width = static_cast<std::size_t>(x1 - x0);
  visitBoxes(z0, z1, x0, x1, [&](std::size_t k, std::size_t x, std::uint8_t, const std::uint32_t* sums,
                                 std::uint8_t onRoad) {
    withRoad(sums, onRoad, &out[(k * width + x) * L]);
  });
}

void SourceWeights::weights(std::int32_t z0, std::int32_t z1, std::int32_t x0, std::int32_t x1,
                            std::span<std::uint8_t> out, std::size_t rowStride) const {
  const std::size_t L = layers_;
  const double whole = 255.0 * denominator();
  const double total = denominator();
  std::array<std::uint32_t, kMaxLayers> numerators{};
  std::array<double, kMaxLayers> faded{};  // the numerators, the water faded (exact integers when it is not)
  std::array<double, kMaxLayers> weights{};
  std::array<std::size_t, kMaxLayers> layerOf{};
  std::array<std::uint8_t, kMaxLayers> quantised{};
  // Every sample's bytes 0 first, so that a one-hot sample writes one byte.
  for (std::size_t k = 0; k < static_cast<std::size_t>(z1 - z0); ++k) {
    std::fill_n(&out[k * rowStride], static_cast<std::size_t>(x1 - x0) * L, std::uint8_t{0});
  }
  visitBoxes(z0, z1, x0, x1, [&](std::size_t k, std::size_t x, std::uint8_t alone, const std::uint32_t* sums,
                                 std::uint8_t onRoad) {
    std::uint8_t* sample = &out[k * rowStride + x * L];
    const bool fades = waterFadeRaw_ > 0 && alone == mapping_.waterLayer;
    if (alone != kMixed && (onRoad == 0 || alone == mapping_.roadLayer) && !fades) {
      sample[alone] = 255;
      return;
    }
    withRoad(sums, onRoad, numerators.data());
    std::copy_n(numerators.begin(), L, faded.begin());
    fadeWater(x0 + static_cast<std::int32_t>(x), z0 + static_cast<std::int32_t>(k), std::span(faded).first(L));
    // A road's core or a merged layer can still make one layer whole: what quantising would give, without it.
    if (const auto* full = std::find(faded.data(), faded.data() + L, whole); full != faded.data() + L) {
      sample[full - faded.data()] = 255;
      return;
    }
    // Quantised over the layers that weigh something: a layer weighing 0
    // keeps 0 (the others' remainders, each under 1, sum to the units left
    // to give, so more of them are positive than there are units), and
    // their order, which breaks ties, is kept.
    std::size_t present = 0;
    for (std::size_t l = 0; l < L; ++l) {
      if (faded[l] == 0) continue;
      layerOf[present] = l;
      weights[present++] = faded[l] / total;
    }
    quantiseWeights(std::span(weights).first(present), std::span(quantised).first(present));
    for (std::size_t i = 0; i < present; ++i) sample[layerOf[i]] = quantised[i];
  });
}

void SourceWeights::fadeWater(std::int32_t x, std::int32_t z, std::span<double> values) const {
  if (waterFadeRaw_ <= 0 || !mapping_.waterLayer || values[*mapping_.waterLayer] == 0) return;
  const std::uint16_t body = waterIds_ ? waterIds_->at<std::uint16_t>(x, z) : 0;
  const double level = body != 0 ? waterLevels_[body] : 0.0;
  if (std::isnan(level)) return;  // a body without a level: its footprint stays hard
  const double share = body == 0 ? 0.0 : std::clamp((level - heights_.at<float>(x, z)) / waterFadeRaw_, 0.0, 1.0);
  const std::size_t water = *mapping_.waterLayer;
  const std::size_t own = biomeLayers_[biomes_.at<std::uint8_t>(x, z)];
  values[own] += values[water] * (1 - share);
  values[water] *= share;
}

void SourceWeights::withRoad(const std::uint32_t* sums, std::uint8_t onRoad, std::uint32_t* out) const {
  for (std::size_t l = 0; l < layers_; ++l) out[l] = sums[l] * (255u - onRoad);
  if (onRoad != 0) out[*mapping_.roadLayer] += onRoad * denominator();
}

}  // namespace isla
