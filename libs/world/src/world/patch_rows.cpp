// SPDX-License-Identifier: MIT
// A patch's rows on demand. A source's HGTS is X outer / Y inner, so a row
// of fixed z is a column of the grid: it is read in bands of rows, each x
// contributing one run of consecutive samples, so that the mapping is walked
// forward. A band is about kHeightBandBytes, or shorter where the reader said it
// stops (a block of rows being formatted): a band of rows nobody reads cost
// more than short runs do. Two buffers alternate, which keeps the previous
// row valid.
#include <algorithm>
#include <array>

#include "borders.hpp"
#include "isla/base/fourcc.hpp"
#include "isla/parallel/vector_clones.hpp"

namespace isla {

namespace {

// 256 KiB: a band's buffer is written whole, and each fresh page of it
// costs more to map in than its samples cost to read (docs/performance.md,
// "Page faults"); from 1024 columns on, kMinHeightBandRows decides.
constexpr std::int64_t kHeightBandBytes = std::int64_t{256} << 10;
// 64 rows at least: a band reads a run of that many samples from every x,
// each run a page or more from the last; shorter runs pay a cache miss and
// a page walk for a few samples, and the larger the map the more (issue 27).
constexpr std::int32_t kMinHeightBandRows = 64;
constexpr std::size_t kTile = 16;
constexpr std::size_t kMaxTileRows = 64;
// Runs are asked for this many tiles ahead: no hardware prefetcher follows
// sixteen streams a page apart.
constexpr std::size_t kPrefetchTiles = 2;
constexpr std::size_t kFloatsPerLine = 16;

// Rows first .. first + rows of an X-outer grid of n x n samples, scaled,
// into `band` (row-major). A tile of kTile columns is scaled run by run
// into a small buffer (contiguous: vectorised), then read across into the
// rows from L1. The runs of a later tile are prefetched meanwhile.
ISLA_VECTOR_CLONES
void readSourceBand(std::span<const LittleEndianT<float>> values, std::size_t n, std::int32_t first,
                    std::int32_t rows, double scale, std::vector<float>& band) {
  std::array<float, kTile * kMaxTileRows> tile;
  for (std::size_t k0 = 0; k0 < static_cast<std::size_t>(rows); k0 += kMaxTileRows) {
    const std::size_t k1 = std::min<std::size_t>(static_cast<std::size_t>(rows), k0 + kMaxTileRows);
    const std::size_t height = k1 - k0;
    for (std::size_t x0 = 0; x0 < n; x0 += kTile) {
      const std::size_t columns = std::min(kTile, n - x0);
      const std::size_t ahead = x0 + kPrefetchTiles * kTile;
      for (std::size_t c = 0; ahead + c < n && c < kTile; ++c) {
        const LittleEndianT<float>* run = &values[(ahead + c) * n + static_cast<std::size_t>(first) + k0];
        // To the run's last line, wherever in a line it starts (a prefetch never faults).
        for (std::size_t k = 0; k < height + kFloatsPerLine - 1; k += kFloatsPerLine) __builtin_prefetch(run + k);
      }
      for (std::size_t c = 0; c < columns; ++c) {
        const LittleEndianT<float>* run = &values[(x0 + c) * n + static_cast<std::size_t>(first) + k0];
        float* scaled = &tile[c * kMaxTileRows];
        for (std::size_t k = 0; k < height; ++k) {
          scaled[k] = static_cast<float>(static_cast<double>(run[k].value()) * scale);
        }
      }
      for (std::size_t k = 0; k < height; ++k) {
        float* out = &band[(k0 + k) * n + x0];
        for (std::size_t c = 0; c < columns; ++c) out[c] = tile[c * kMaxTileRows + k];
      }
    }
  }
}

}  // namespace

struct PatchRows::Impl {
  const World& world;
  const Patch& patch;
  std::array<std::vector<float>, 2> buffers;
  std::array<std::int32_t, 2> firstRow{0, 0};  // the band each buffer holds
  std::array<std::int32_t, 2> rowCount{0, 0};
  std::size_t nextSlot = 0;
  std::int32_t endRow;  // bands stop here
  const Raster* source = nullptr;
  std::vector<LineEnd> starts, ends;  // a horizontal strip's columns
  std::vector<float> corner;

  const std::vector<float>* held = nullptr;  // World::heldHeights's, when it holds them

  Impl(const World& w, std::size_t index, std::int32_t end)
      : world(w), patch(w.patches.at(index)), endRow(std::clamp(end, 0, patch.pointsZ)) {
    if (world.heldHeights) {
      held = &world.heldHeights->at(index);
      return;
    }
    switch (patch.kind) {
      case PatchKind::Source:
        source = &world.sources[*patch.source].heights();
        break;
      case PatchKind::Strip:
        if (!isVerticalStrip(patch)) {
          for (std::size_t x = 0; x < static_cast<std::size_t>(patch.pointsX); ++x) {
            starts.push_back(stripLineStart(world, patch, x));
            ends.push_back(stripLineEnd(world, patch, x));
          }
        }
        break;
      case PatchKind::Corner:
        corner = coonsPatch(cornerBoundaries(world, patch), world.settings.gapCells);
        break;
    }
  }

  std::int32_t bandRows() const {
    if (patch.kind != PatchKind::Source) return 1;
    const auto rows = kHeightBandBytes / (static_cast<std::int64_t>(sizeof(float)) * patch.pointsX);
    return static_cast<std::int32_t>(std::max<std::int64_t>(kMinHeightBandRows, rows));
  }

  void fill(std::vector<float>& band, std::int32_t first, std::int32_t rows) {
    const auto width = static_cast<std::size_t>(patch.pointsX);
    band.resize(width * static_cast<std::size_t>(rows));
    const std::int32_t gap = world.settings.gapCells;
    switch (patch.kind) {
      case PatchKind::Source:
        readSourceBand(source->values<float>(), static_cast<std::size_t>(patch.pointsZ), first, rows,
                       world.settings.heightScaleM, band);
        break;
      case PatchKind::Strip:
        if (isVerticalStrip(patch)) {
          const auto line = stripLine(world, patch, static_cast<std::size_t>(first));
          std::copy(line.begin(), line.end(), band.begin());
        } else {
          for (std::size_t x = 0; x < width; ++x) {
            band[x] = hermiteSample(starts[x], ends[x], gap, world.settings.spacingM, first);
          }
        }
        break;
      case PatchKind::Corner:
        std::copy_n(corner.begin() + static_cast<std::ptrdiff_t>(static_cast<std::size_t>(first) * width), width,
                    band.begin());
        break;
    }
  }

  // A band starts at the first row asked for that no buffer holds, so that
  // a reader starting mid-patch fills each band once.
  std::span<const float> row(std::int32_t z) {
    const auto width = static_cast<std::size_t>(patch.pointsX);
    if (held) return std::span<const float>(*held).subspan(static_cast<std::size_t>(z) * width, width);
    for (std::size_t slot = 0; slot < 2; ++slot) {
      if (z >= firstRow[slot] && z < firstRow[slot] + rowCount[slot]) {
        return std::span<const float>(buffers[slot]).subspan(static_cast<std::size_t>(z - firstRow[slot]) * width, width);
      }
    }
    const std::size_t slot = nextSlot;
    nextSlot ^= 1;
    rowCount[slot] = std::min(bandRows(), std::max(endRow, z + 1) - z);
    fill(buffers[slot], z, rowCount[slot]);
    firstRow[slot] = z;
    return std::span<const float>(buffers[slot]).first(width);
  }
};

PatchRows::PatchRows(const World& world, std::size_t patch)
    : PatchRows(world, patch, world.patches.at(patch).pointsZ) {}
PatchRows::PatchRows(const World& world, std::size_t patch, std::int32_t endRow)
    : impl_(std::make_unique<Impl>(world, patch, endRow)) {}
PatchRows::PatchRows(PatchRows&&) noexcept = default;
PatchRows::~PatchRows() = default;

std::int32_t PatchRows::pointsX() const { return impl_->patch.pointsX; }
std::int32_t PatchRows::pointsZ() const { return impl_->patch.pointsZ; }

std::span<const float> PatchRows::row(std::int32_t z) {
  if (z < 0 || z >= impl_->patch.pointsZ) {
    throw std::out_of_range("row " + std::to_string(z) + " of patch " + impl_->patch.id);
  }
  return impl_->row(z);
}

}  // namespace isla
