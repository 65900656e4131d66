// SPDX-License-Identifier: MIT
// The material layers of every patch. Sources: bands of rows computed in
// column blocks on every thread (exact integers, so the split cannot show),
// then quantised and held compact (material_layers_band.hpp), the next band
// made while the current one is read. Strips and corners: from the four
// borders of each source, computed once, blended in doubles by one
// function wherever a sample is shared, so that neighbouring patches give
// the same bytes on their edges.
#include "isla/world/material_layers.hpp"

#include <algorithm>
#include <cmath>
#include <future>
#include <memory>
#include <stdexcept>

#include "isla/base/interrupt.hpp"
#include "isla/base/text_format.hpp"
#include "isla/parallel/parallel.hpp"
#include "material_layers_band.hpp"
#include "source_weights.hpp"

namespace isla {

namespace {

// A source's band of rows: as many as fit this many bytes of compact
// classes (a byte a sample), within these bounds. Each band reads its
// columns of the grids again (a grid column is a stride apart: the longer
// the piece of each column a band reads, the less each byte costs), and is
// held whole, with the next one.
constexpr std::size_t kClassBandBytes = std::size_t{4} << 20;
constexpr std::int32_t kMinClassBandRows = 32;
constexpr std::int32_t kMaxClassBandRows = 512;
constexpr std::int32_t kBlockColumns = 256;

// A line of samples along a source border: layers() values a sample, each a
// numerator over the source's denominator, the water faded (whole numbers,
// as the sources' own, when it is not).
using BorderNumerators = std::vector<double>;

// The Hermite value basis the gap curves blend their ends with.
double smoothstep(std::int32_t i, std::int32_t gap) {
  const double t = static_cast<double>(i) / gap;
  return t * t * (3 - 2 * t);
}

}  // namespace

void quantiseWeights(std::span<const double> weights, std::span<std::uint8_t> out) {
  const std::size_t count = weights.size();
  int given = 0;
  for (std::size_t l = 0; l < count; ++l) {
    out[l] = static_cast<std::uint8_t>(std::clamp(std::floor(weights[l]), 0.0, 255.0));
    given += out[l];
  }
  for (int rest = 255 - given; rest > 0; --rest) {
    // The largest remainder of those not yet raised this round, the first on a tie.
    std::size_t best = count;
    double bestRemainder = -1;
    for (std::size_t l = 0; l < count; ++l) {
      const double remainder = weights[l] - out[l];
      if (remainder > bestRemainder) {
        best = l;
        bestRemainder = remainder;
      }
    }
    ++out[best];
  }
}

struct MaterialLayers::Impl {
  Impl(const World& w, LayerMapping m) : world(w), mapping(std::move(m)) {}

  const World& world;
  LayerMapping mapping;
  std::int32_t radius = 0;
  unsigned threads = 1;
  std::vector<SourceWeights> sources;
  std::vector<std::array<BorderNumerators, 4>> borders;  // by source, by Side

  std::size_t layers() const { return mapping.names.size(); }
  double denominator() const { return sources.front().denominator(); }

  const BorderNumerators& border(std::int32_t row, std::int32_t col, Side side) const {
    return borders[*world.patch(2 * row, 2 * col)->source][static_cast<std::size_t>(side)];
  }

  // Sample `i` of `gap + 1` across a gap from sample `a` of one border line
  // to sample `b` of another, as doubles summing to 255.
  void blend(const BorderNumerators& from, std::size_t a, const BorderNumerators& to, std::size_t b, std::int32_t i,
             std::span<double> out) const {
    const double s = smoothstep(i, world.settings.gapCells);
    const double total = denominator();
    for (std::size_t l = 0; l < layers(); ++l) {
      out[l] = ((1 - s) * from[a * layers() + l] + s * to[b * layers() + l]) / total;
    }
  }

  // The weights of rows [z0, z1) of a source, quantised, compact.
  void sourceBand(const SourceWeights& source, std::int32_t z0, std::int32_t z1, LayerBand& band) const {
    const std::int32_t n = source.mapSize();
    band.reset(z1 - z0, n, layers(), kBlockColumns);
    parallelFor(band.blocks().size(), threads, [&](std::size_t b) {
      LayerBand::Block& block = band.blocks()[b];
      source.weights(z0, z1, block, band.classes(block), static_cast<std::size_t>(n));
    });
  }
};

MaterialLayers::MaterialLayers(const World& world, LayerMapping mapping, double blendM, unsigned threads,
                               double waterFadeM)
    : impl_(std::make_unique<Impl>(world, std::move(mapping))) {
  // A World read back from a package holds heights, not its sources' blueprints (package_world.hpp).
  if (world.heldHeights) {
    throw std::runtime_error("material layers are made from each source's biome classes, water bodies and roads, "
                             "which a Terrain World package does not keep (its biomes are a height ramp); make "
                             "them from the layout the package was compiled from");
  }
  const double samples = std::floor(blendM / world.settings.spacingM / std::sqrt(2.0));
  if (samples > kMaxBlendSamples) {
    throw std::runtime_error("option 'blend_m' is " + shortestText(blendM) + " m, a box of " +
                             shortestText(samples) + " samples either side at spacing " +
                             shortestText(world.settings.spacingM) + " m; at most " +
                             std::to_string(kMaxBlendSamples) + " samples, a blend_m of at most " +
                             fixedText(std::floor(kMaxBlendSamples * world.settings.spacingM * std::sqrt(2.0) * 10) / 10, 1) +
                             " m here");
  }
  if (impl_->mapping.names.empty() || impl_->mapping.names.size() > kMaxLayers) {
    throw std::invalid_argument("a layer mapping has 1 to " + std::to_string(kMaxLayers) + " layers");
  }
  impl_->radius = static_cast<std::int32_t>(samples);
  impl_->threads = resolveThreads(threads);
  for (std::size_t s = 0; s < world.sources.size(); ++s) {
    impl_->sources.emplace_back(world, s, impl_->mapping, impl_->radius, waterFadeM);
  }
  impl_->borders.resize(world.sources.size());
  const std::size_t L = impl_->layers();
  parallelFor(world.sources.size() * 4, impl_->threads, [&](std::size_t task) {
    checkInterrupted();
    const SourceWeights& source = impl_->sources[task / 4];
    const std::int32_t n = source.mapSize();
    const auto side = static_cast<Side>(task % 4);
    // The border's first sample (x0, z0), and whether it runs along x or down z.
    const std::int32_t x0 = side == Side::East ? n - 1 : 0, z0 = side == Side::South ? n - 1 : 0;
    const bool alongX = side == Side::North || side == Side::South;
    std::vector<std::uint32_t> numerators(static_cast<std::size_t>(n) * L);
    source.numerators(z0, alongX ? z0 + 1 : n, x0, alongX ? n : x0 + 1, numerators);
    BorderNumerators& line = impl_->borders[task / 4][task % 4];
    line.assign(numerators.begin(), numerators.end());
    for (std::int32_t i = 0; i < n; ++i) {
      source.fadeWater(alongX ? i : x0, alongX ? z0 : i, std::span(line).subspan(static_cast<std::size_t>(i) * L, L));
    }
  });
}

MaterialLayers::MaterialLayers(MaterialLayers&&) noexcept = default;
MaterialLayers::~MaterialLayers() = default;

const World& MaterialLayers::world() const { return impl_->world; }
const std::vector<std::string>& MaterialLayers::names() const { return impl_->mapping.names; }
std::int32_t MaterialLayers::blendSamples() const { return impl_->radius; }
LayerRows MaterialLayers::rows(std::size_t patch) const { return LayerRows(*impl_, patch); }

struct LayerRows::Impl {
  const MaterialLayers::Impl& layers;
  const Patch& patch;
  std::size_t L;
  std::int32_t gap;
  LayerBand band;                  // a source's rows
  std::vector<std::uint8_t> corner;  // a corner's whole
  std::int32_t bandFirst = 0;
  std::int32_t bandRows = 0;
  std::vector<double> weights;
  std::size_t rowBytes;
  std::vector<std::uint8_t> row;  // rowBytes, and the slack a band's row is laid out with
  std::vector<std::uint8_t> allMixed;  // a compact row's classes, for strips and corners
  LayerBand next;  // the band after `band`, being made
  std::int32_t nextFirst = 0;
  std::int32_t nextRows = 0;
  std::future<void> nextBand;  // last: joined before the bands it writes go

  Impl(const MaterialLayers::Impl& l, std::size_t index)
      : layers(l), patch(l.world.patches.at(index)), L(l.layers()), gap(l.world.settings.gapCells), weights(L),
        rowBytes(static_cast<std::size_t>(patch.pointsX) * L), row(rowBytes + LayerBand::kRowSlack) {
    if (patch.kind == PatchKind::Corner) makeCorner();
  }

  std::int32_t sourceRow() const { return patch.latticeRow / 2; }
  std::int32_t sourceCol() const { return patch.latticeCol / 2; }

  // A vertical strip's row z: from the east border of the source west of it
  // to the west border of the one east of it.
  void verticalStripSample(std::int32_t z, std::int32_t i, std::span<double> out) const {
    const auto& west = layers.border(sourceRow(), sourceCol(), Side::East);
    const auto& east = layers.border(sourceRow(), sourceCol() + 1, Side::West);
    layers.blend(west, static_cast<std::size_t>(z), east, static_cast<std::size_t>(z), i, out);
  }
  // A horizontal strip's column x: from the south border of the source
  // north of it to the north border of the one south of it.
  void horizontalStripSample(std::int32_t x, std::int32_t i, std::span<double> out) const {
    const auto& north = layers.border(sourceRow(), sourceCol(), Side::South);
    const auto& south = layers.border(sourceRow() + 1, sourceCol(), Side::North);
    layers.blend(north, static_cast<std::size_t>(x), south, static_cast<std::size_t>(x), i, out);
  }

  // The Coons patch of the four strips' end lines around the corner, which
  // are taken as they are on its boundary; clamped at 0 and scaled back to
  // 255 inside.
  void makeCorner() {
    const std::int32_t n = layers.world.mapSize;
    const auto points = static_cast<std::size_t>(gap + 1);
    // By side: boundary sample i, L values.
    std::array<std::vector<double>, 4> lines;
    for (auto& line : lines) line.resize(points * L);
    for (std::int32_t i = 0; i <= gap; ++i) {
      const auto at = static_cast<std::size_t>(i) * L;
      const auto sample = [&](Side side) { return std::span(lines[static_cast<std::size_t>(side)]).subspan(at, L); };
      const std::int32_t r = sourceRow(), c = sourceCol();
      // North boundary: the last row of the vertical strip above; south: the first of the one below.
      layers.blend(layers.border(r, c, Side::East), static_cast<std::size_t>(n - 1), layers.border(r, c + 1, Side::West),
                   static_cast<std::size_t>(n - 1), i, sample(Side::North));
      layers.blend(layers.border(r + 1, c, Side::East), 0, layers.border(r + 1, c + 1, Side::West), 0, i,
                   sample(Side::South));
      // West boundary: the last column of the horizontal strip to the west; east: the first of the one east.
      layers.blend(layers.border(r, c, Side::South), static_cast<std::size_t>(n - 1), layers.border(r + 1, c, Side::North),
                   static_cast<std::size_t>(n - 1), i, sample(Side::West));
      layers.blend(layers.border(r, c + 1, Side::South), 0, layers.border(r + 1, c + 1, Side::North), 0, i,
                   sample(Side::East));
    }
    const auto& north = lines[static_cast<std::size_t>(Side::North)];
    const auto& south = lines[static_cast<std::size_t>(Side::South)];
    const auto& west = lines[static_cast<std::size_t>(Side::West)];
    const auto& east = lines[static_cast<std::size_t>(Side::East)];
    corner.resize(points * points * L);
    const std::size_t last = points - 1;
    for (std::size_t j = 0; j < points; ++j) {
      for (std::size_t i = 0; i < points; ++i) {
        const double u = static_cast<double>(i) / gap, v = static_cast<double>(j) / gap;
        // The bilinear blend of the corner's four corner samples.
        const auto bilinear = [&](std::size_t l) {
          return (1 - u) * (1 - v) * north[l] + u * (1 - v) * north[last * L + l] + (1 - u) * v * south[l] +
                 u * v * south[last * L + l];
        };
        const auto value = [&](std::size_t l) {
          if (j == 0) return north[i * L + l];
          if (j == last) return south[i * L + l];
          if (i == 0) return west[j * L + l];
          if (i == last) return east[j * L + l];
          const double ruled = (1 - v) * north[i * L + l] + v * south[i * L + l] + (1 - u) * west[j * L + l] +
                               u * east[j * L + l];
          return std::max(0.0, ruled - bilinear(l));
        };
        double sum = 0;
        for (std::size_t l = 0; l < L; ++l) sum += weights[l] = value(l);
        const bool boundary = j == 0 || j == last || i == 0 || i == last;
        if (!boundary && sum > 0) {
          for (double& weight : weights) weight *= 255 / sum;
        } else if (!boundary) {
          // Everything clamped away: the bilinear blend, which never is.
          for (std::size_t l = 0; l < L; ++l) weights[l] = bilinear(l);
        }
        quantiseWeights(weights, std::span(corner).subspan((j * points + i) * L, L));
      }
    }
  }

  // The rows of the band that starts at `first`.
  std::int32_t bandRowsFrom(std::int32_t first) const {
    const std::size_t rowClasses = static_cast<std::size_t>(patch.pointsX);  // a byte a sample
    const auto fitting =
        static_cast<std::int32_t>(std::clamp<std::size_t>(kClassBandBytes / rowClasses, kMinClassBandRows, kMaxClassBandRows));
    return std::min(fitting, patch.pointsZ - first);
  }

  // Starts the band after the current one on another thread, while the
  // caller turns the current one's rows into images (more than one thread
  // only): the same function makes the same bytes wherever it runs.
  void startNextBand() {
    const std::int32_t first = bandFirst + bandRows;
    if (layers.threads <= 1 || first >= patch.pointsZ) return;
    nextFirst = first;
    nextRows = bandRowsFrom(first);
    nextBand = std::async(std::launch::async, [this] {
      layers.sourceBand(layers.sources[*patch.source], nextFirst, nextFirst + nextRows, next);
    });
  }

  // Makes `band` the one that holds row z: the one made ahead, or made now.
  void bandFor(std::int32_t z) {
    if (z < bandFirst || z >= bandFirst + bandRows) {
      checkInterrupted();
      const bool started = nextBand.valid() && z == nextFirst;
      if (nextBand.valid()) nextBand.get();  // its failure is the caller's
      if (started) {
        std::swap(band, next);
        bandFirst = nextFirst;
        bandRows = nextRows;
      } else {
        bandFirst = z;
        bandRows = bandRowsFrom(z);
        layers.sourceBand(layers.sources[*patch.source], bandFirst, bandFirst + bandRows, band);
      }
      startNextBand();
    }
  }

  std::span<const std::uint8_t> sourceBandRow(std::int32_t z) {
    bandFor(z);
    band.layOut(z - bandFirst, row);
    return std::span(row).first(rowBytes);
  }

  CompactLayerRow compactAt(std::int32_t z) {
    if (patch.kind == PatchKind::Source) {
      bandFor(z);
      return band.compact(z - bandFirst, row);
    }
    // A strip's or corner's samples all mixed.
    if (allMixed.empty()) allMixed.assign(static_cast<std::size_t>(patch.pointsX), kMixedSample);
    return {allMixed, at(z)};
  }

  std::span<const std::uint8_t> at(std::int32_t z) {
    switch (patch.kind) {
      case PatchKind::Source:
        return sourceBandRow(z);
      case PatchKind::Corner:
        return std::span(corner).subspan(static_cast<std::size_t>(z) * rowBytes, rowBytes);
      case PatchKind::Strip:
        break;
    }
    const bool vertical = patch.latticeRow % 2 == 0;
    for (std::int32_t x = 0; x < patch.pointsX; ++x) {
      if (vertical) {
        verticalStripSample(z, x, weights);
      } else {
        horizontalStripSample(x, z, weights);
      }
      quantiseWeights(weights, std::span(row).subspan(static_cast<std::size_t>(x) * L, L));
    }
    return std::span(row).first(rowBytes);
  }
};

LayerRows::LayerRows(const MaterialLayers::Impl& layers, std::size_t patch)
    : impl_(std::make_unique<Impl>(layers, patch)) {}
LayerRows::LayerRows(LayerRows&&) noexcept = default;
LayerRows::~LayerRows() = default;

void LayerRows::checkRow(std::int32_t z) const {
  if (z < 0 || z >= impl_->patch.pointsZ) {
    throw std::out_of_range("layer row " + std::to_string(z) + " of patch " + impl_->patch.id);
  }
}

std::span<const std::uint8_t> LayerRows::row(std::int32_t z) {
  checkRow(z);
  return impl_->at(z);
}

CompactLayerRow LayerRows::compactRow(std::int32_t z) {
  checkRow(z);
  return impl_->compactAt(z);
}

}  // namespace isla
