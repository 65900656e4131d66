// SPDX-License-Identifier: MIT
// A patch's rows on demand. A source's HGTS is X outer / Y inner, so a row
// of fixed z is a column of the grid: it is read in bands of rows, each x
// contributing one run of consecutive samples, so that the mapping is walked
// forward. A band is about kBandBytes, so that a run is long enough to spare
// the page walks (a band of 32 rows measured 2x slower at 4096^2). Two
// buffers alternate, which keeps the previous row valid.
#include <array>

#include "borders.hpp"
#include "isla/fourcc.hpp"

namespace isla {

namespace {

constexpr std::int64_t kBandBytes = std::int64_t{1} << 20;
constexpr std::int32_t kMinBandRows = 32;
constexpr std::size_t kTile = 16;

}  // namespace

struct PatchRows::Impl {
  const World& world;
  const Patch& patch;
  std::array<std::vector<float>, 2> buffers;
  std::array<std::int32_t, 2> firstRow{0, 0};  // the band each buffer holds
  std::array<std::int32_t, 2> rowCount{0, 0};
  std::size_t nextSlot = 0;
  const Raster* source = nullptr;
  std::vector<LineEnd> starts, ends;  // a horizontal strip's columns
  std::vector<float> corner;

  Impl(const World& w, std::size_t index) : world(w), patch(w.patches.at(index)) {
    switch (patch.kind) {
      case PatchKind::Source:
        source = world.sources[*patch.source].package->get<Raster>(FourCC("HGTS"));
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
    const auto rows = kBandBytes / (static_cast<std::int64_t>(sizeof(float)) * patch.pointsX);
    return static_cast<std::int32_t>(std::max<std::int64_t>(kMinBandRows, rows));
  }

  void fill(std::vector<float>& band, std::int32_t first, std::int32_t rows) {
    const auto width = static_cast<std::size_t>(patch.pointsX);
    band.resize(width * static_cast<std::size_t>(rows));
    const std::int32_t gap = world.settings.gapCells;
    switch (patch.kind) {
      case PatchKind::Source: {
        const auto values = source->values<float>();
        const double scale = world.settings.heightScaleM;
        const auto n = static_cast<std::size_t>(patch.pointsZ);
        // In tiles of kTile columns: kTile read streams, one write stream.
        for (std::size_t x0 = 0; x0 < width; x0 += kTile) {
          const std::size_t x1 = std::min(width, x0 + kTile);
          for (std::size_t k = 0; k < static_cast<std::size_t>(rows); ++k) {
            float* out = &band[k * width];
            for (std::size_t x = x0; x < x1; ++x) {
              out[x] = static_cast<float>(static_cast<double>(values[x * n + static_cast<std::size_t>(first) + k].value()) * scale);
            }
          }
        }
        break;
      }
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
    for (std::size_t slot = 0; slot < 2; ++slot) {
      if (z >= firstRow[slot] && z < firstRow[slot] + rowCount[slot]) {
        return std::span<const float>(buffers[slot]).subspan(static_cast<std::size_t>(z - firstRow[slot]) * width, width);
      }
    }
    const std::size_t slot = nextSlot;
    nextSlot ^= 1;
    rowCount[slot] = std::min(bandRows(), patch.pointsZ - z);
    fill(buffers[slot], z, rowCount[slot]);
    firstRow[slot] = z;
    return std::span<const float>(buffers[slot]).first(width);
  }
};

PatchRows::PatchRows(const World& world, std::size_t patch) : impl_(std::make_unique<Impl>(world, patch)) {}
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
