// SPDX-License-Identifier: MIT
// The box counts, kept sparse: most samples' boxes hold one class. Which
// do is found first for a whole block, a window's class being its minimum
// where that is its maximum (across the halo rows, then down the
// windows), in byte-wide passes; those samples are one-hot, written
// without counting. Only the others' counts are summed, down each column
// from the box above where it was summed too, a window of one class
// counting 2r + 1 at once.
#include "source_weights.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <limits>
#include <memory>
#include <stdexcept>
#include <vector>

#include "source_weights_cache.hpp"

namespace isla {

namespace {

constexpr std::uint8_t kMixed = kMixedSample;  // a window or box of more than one class
static_assert(kMaxLayers < kMixed);
constexpr std::size_t kCacheLine = 64;
constexpr std::size_t kPrefetchColumns = 4;
constexpr std::size_t kTransposeColumns = 16;
constexpr std::size_t kNoRow = static_cast<std::size_t>(-1);

// The minima and maxima of `bytes` bytes and of those `offset` bytes on.
void mergeWindows(const std::uint8_t* __restrict lo, const std::uint8_t* __restrict hi, std::size_t offset,
                  std::size_t bytes, std::uint8_t* __restrict loOut, std::uint8_t* __restrict hiOut) {
  for (std::size_t b = 0; b < bytes; ++b) {
    loOut[b] = std::min(lo[b], lo[b + offset]);
    hiOut[b] = std::max(hi[b], hi[b + offset]);
  }
}

// The one value of each window of `span` consecutive items of `values`
// (item i: the `lanes` bytes from i x lanes), lane by lane, or kMixed where
// they differ, for the first `count` windows, at the place of their first
// item in `out` (as long as `values`; the rest unset). Each window's
// minimum and maximum, by windows doubling in length (byte-wide passes the
// compiler vectorises), the last step joining two that overlap.
void windowClasses(std::span<const std::uint8_t> values, std::size_t count, std::size_t lanes, std::size_t span,
                   std::span<std::uint8_t> out) {
  const std::size_t items = values.size() / lanes;
  // Uninitialised: every byte read was written by the pass before.
  const auto buffer = [&] { return std::unique_ptr<std::uint8_t[]>(new std::uint8_t[values.size()]); };
  std::array<std::unique_ptr<std::uint8_t[]>, 2> lo{buffer(), buffer()};
  std::array<std::unique_ptr<std::uint8_t[]>, 2> hi{buffer(), buffer()};
  const std::uint8_t* min = values.data();
  const std::uint8_t* max = values.data();
  std::size_t next = 0;
  std::size_t covered = 1;  // the items a window of min and max spans
  const auto merge = [&](std::size_t offset, std::size_t windows) {
    mergeWindows(min, max, offset * lanes, windows * lanes, lo[next].get(), hi[next].get());
    min = lo[next].get();
    max = hi[next].get();
    next = 1 - next;
  };
  for (; 2 * covered <= span; covered *= 2) merge(covered, items - 2 * covered + 1);
  merge(span - covered, count);
  for (std::size_t b = 0; b < count * lanes; ++b) out[b] = min[b] == max[b] ? min[b] : kMixed;
}

constexpr std::size_t kWord = sizeof(std::uint64_t);

std::uint64_t load(const std::uint8_t* bytes) {
  std::uint64_t word;
  std::memcpy(&word, bytes, kWord);
  return word;
}

// Whether a byte of `word` is kMixed (all ones): a zero byte of its complement.
bool hasMixed(std::uint64_t word) {
  static_assert(kMixed == 0xff);
  const std::uint64_t complement = ~word;
  return ((complement - 0x0101010101010101ULL) & ~complement & 0x8080808080808080ULL) != 0;
}

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
  const auto classAt = [&](std::uint64_t at) {
    return waterIds.empty() || waterIds[at].value() == 0 ? biomeLayers_[biomes[at].value()] : waterLayer;
  };
  // Halo rows [firstInside, endInside) lie inside the grid.
  const auto firstInside = static_cast<std::size_t>(std::max(0, r - z0));
  const auto endInside = static_cast<std::size_t>(
      std::clamp<std::int64_t>(std::int64_t{mapSize_} - (z0 - r), static_cast<std::int64_t>(firstInside),
                               static_cast<std::int64_t>(haloRows)));
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
      // The rows inside the grid read straight down, those beyond its edges clamped.
      const auto inside = [&](std::size_t k) { return column + static_cast<std::uint64_t>(z0 - r) + k; };
      const auto clamped = [&](std::size_t k) {
        return column + static_cast<std::uint64_t>(clampIndex(z0 - r + static_cast<std::int64_t>(k)));
      };
      for (std::size_t k = 0; k < firstInside; ++k) out[k] = classAt(clamped(k));
      if (waterIds.empty()) {
        for (std::size_t k = firstInside; k < endInside; ++k) out[k] = biomeLayers_[biomes[inside(k)].value()];
      } else {
        // Both read, one kept without a branch: water's borders would mispredict it.
        for (std::size_t k = firstInside; k < endInside; ++k) {
          const std::uint8_t biome = biomeLayers_[biomes[inside(k)].value()];
          out[k] = waterIds[inside(k)].value() == 0 ? biome : waterLayer;
        }
      }
      for (std::size_t k = endInside; k < haloRows; ++k) out[k] = classAt(clamped(k));
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
  const std::size_t haloColumns = width + 2 * r;
  const std::vector<std::uint8_t> classes = haloClasses(z0, z1, x0, x1);

  // Across: each halo row's window of `span` columns, as its one class or
  // kMixed (`alone`, at the window's first column); then down: each box, as
  // the one class of its `span` windows or kMixed. (The block's rows run on
  // into each other across; the windows that straddle two rows are
  // computed and never read.)
  std::vector<std::uint8_t> alone(classes.size());
  windowClasses(classes, classes.size() - 2 * r, 1, span, alone);
  std::vector<std::uint8_t> boxes(classes.size());
  windowClasses(alone, rows, haloColumns, span, boxes);

  // The counts of a mixed box, from its column's sums at the row before
  // when they are there (a row of windows enters and one leaves), else
  // from its `span` windows; a window of one class counts `span` at once.
  std::vector<std::uint32_t> sums(width * L);
  std::vector<std::size_t> sumsRow(width, kNoRow);  // the box row each column's sums are of
  const auto addWindow = [&](std::uint32_t* sum, std::size_t k, std::size_t x) {
    if (const std::uint8_t c = alone[k * haloColumns + x]; c != kMixed) {
      sum[c] += static_cast<std::uint32_t>(span);
      return;
    }
    const std::uint8_t* window = &classes[k * haloColumns + x];
    for (std::size_t c = 0; c < span; ++c) ++sum[window[c]];
  };
  // The window of row `entering` in place of the one of row `leaving`: the
  // classes that differ between the two (along a border, few or none).
  const auto moveWindow = [&](std::uint32_t* sum, std::size_t entering, std::size_t leaving, std::size_t x) {
    const std::uint8_t in = alone[entering * haloColumns + x], out = alone[leaving * haloColumns + x];
    if (in != kMixed && out != kMixed) {
      sum[in] += static_cast<std::uint32_t>(span);
      sum[out] -= static_cast<std::uint32_t>(span);
      return;
    }
    const std::uint8_t* enter = &classes[entering * haloColumns + x];
    const std::uint8_t* leave = &classes[leaving * haloColumns + x];
    for (std::size_t c = 0; c < span; ++c) {
      if (enter[c] == leave[c]) continue;
      ++sum[enter[c]];  // unsigned: a count may wrap below 0 and back, never at the end
      --sum[leave[c]];
    }
  };
  const auto mixedSums = [&](std::size_t k, std::size_t x) -> const std::uint32_t* {
    std::uint32_t* sum = &sums[x * L];
    if (sumsRow[x] != kNoRow && sumsRow[x] + 1 == k) {
      moveWindow(sum, k + 2 * r, k - 1, x);
    } else {
      std::fill_n(sum, L, 0u);
      for (std::size_t j = k; j < k + span; ++j) addWindow(sum, j, x);
    }
    sumsRow[x] = k;
    return sum;
  };
  std::array<std::uint32_t, kMaxLayers> oneClass{};  // a box of one class's counts
  const auto boxSums = [&](std::size_t k, std::size_t x, std::uint8_t box) -> const std::uint32_t* {
    if (box == kMixed) return mixedSums(k, x);
    std::fill_n(oneClass.begin(), L, 0u);
    oneClass[box] = static_cast<std::uint32_t>(span * span);
    return oneClass.data();
  };
  std::vector<std::uint8_t> road(rows * width);
  roads_.rasterise(z0, z1, x0, x1, road);
  for (std::size_t k = 0; k < rows; ++k) {
    const std::uint8_t* boxRow = &boxes[k * haloColumns];
    visit(k, boxRow, &road[k * width], [&](std::size_t x) { return boxSums(k, x, boxRow[x]); });
  }
}

void SourceWeights::numerators(std::int32_t z0, std::int32_t z1, std::int32_t x0, std::int32_t x1,
                               std::span<std::uint32_t> out) const {
  const std::size_t L = layers_;
  const auto width = static_cast<std::size_t>(x1 - x0);
  visitBoxes(z0, z1, x0, x1, [&](std::size_t k, const std::uint8_t*, const std::uint8_t* road, auto&& sumsAt) {
    for (std::size_t x = 0; x < width; ++x) withRoad(sumsAt(x), road[x], &out[(k * width + x) * L]);
  });
}

void SourceWeights::weights(std::int32_t z0, std::int32_t z1, LayerBand::Block& block, std::span<std::uint8_t> classes,
                            std::size_t rowStride) const {
  const std::size_t L = layers_;
  const std::int32_t x0 = block.x0;
  const auto width = static_cast<std::size_t>(block.x1 - x0);
  // A box of one class that nothing else weighs on: that class whole (the
  // road's layer, also under a road).
  std::array<bool, kMixed + 1> wholeAlone{};
  std::array<bool, kMixed + 1> wholeOnRoad{};
  for (std::size_t l = 0; l < L; ++l) {
    wholeAlone[l] = !(waterFadeRaw_ > 0 && l == mapping_.waterLayer);
    wholeOnRoad[l] = wholeAlone[l] && l == mapping_.roadLayer;
  }
  const bool fades = waterFadeRaw_ > 0 && mapping_.waterLayer;  // a box of water alone is not whole
  block.rowStart.clear();
  block.mixed.clear();
  MixedSampleCache cache(L);
  visitBoxes(z0, z1, x0, block.x1, [&](std::size_t k, const std::uint8_t* boxes, const std::uint8_t* road,
                                       auto&& sumsAt) {
    std::uint8_t* row = &classes[k * rowStride];
    block.rowStart.push_back(block.mixed.size() / L);
    std::copy_n(boxes, width, row);  // a box of one class is that layer whole, unless what follows says not
    for (std::size_t x = 0; x < width; ++x) {
      // Eight boxes of one class each, no road under them: all whole, without a look at each.
      if (!fades && x % kWord == 0 && x + kWord <= width && load(road + x) == 0 && !hasMixed(load(boxes + x))) {
        x += kWord - 1;
        continue;
      }
      const std::uint8_t box = boxes[x];
      if (road[x] == 0 ? wholeAlone[box] : wholeOnRoad[box]) continue;
      row[x] = kMixedSample;
      const std::uint32_t* sums = sumsAt(x);
      // A fade depends on the place: only samples without one are cached.
      if (const std::uint8_t* cached = fades ? nullptr : cache.find(sums, road[x])) {
        block.mixed.insert(block.mixed.end(), cached, cached + L);
        continue;
      }
      block.mixed.resize(block.mixed.size() + L);  // zeros: a sample writes the layers that weigh
      std::uint8_t* sample = &block.mixed[block.mixed.size() - L];
      mixedSample(x0 + static_cast<std::int32_t>(x), z0 + static_cast<std::int32_t>(k), sums, road[x], sample);
      if (!fades) cache.store(sums, road[x], sample);
    }
  });
  block.rowStart.push_back(block.mixed.size() / L);
}

void SourceWeights::mixedSample(std::int32_t x, std::int32_t z, const std::uint32_t* sums, std::uint8_t onRoad,
                                std::uint8_t* sample) const {
  const std::size_t L = layers_;
  const double whole = 255.0 * denominator();
  const double total = denominator();
  // Not zeroed: the first L of each are written before they are read (a sample's zeroing cost more than the rest).
  std::array<std::uint32_t, kMaxLayers> numerators;
  std::array<double, kMaxLayers> faded;  // the numerators, the water faded (exact integers when it is not)
  std::array<double, kMaxLayers> weights;
  std::array<std::size_t, kMaxLayers> layerOf;
  std::array<std::uint8_t, kMaxLayers> quantised;
  withRoad(sums, onRoad, numerators.data());
  std::copy_n(numerators.begin(), L, faded.begin());
  fadeWater(x, z, std::span(faded).first(L));
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
