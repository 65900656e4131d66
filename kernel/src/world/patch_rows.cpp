// SPDX-License-Identifier: MIT
// A patch's rows on demand. A source's HGTS is X outer / Y inner, so a row
// of fixed z is a column of the grid: it is read in bands of kBand rows, each
// x contributing kBand consecutive samples, so that the mapping is walked
// forward. Two buffers alternate, which keeps the previous row valid.
#include <array>

#include "borders.hpp"
#include "isla/fourcc.hpp"

namespace isla {

namespace {

constexpr std::int32_t kBand = 32;

}  // namespace

struct PatchRows::Impl {
  const World& world;
  const Patch& patch;
  std::array<std::vector<float>, 2> buffers;
  std::array<std::int32_t, 2> firstRow{-1, -1};  // of the band each buffer holds
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

  std::int32_t bandRows() const { return patch.kind == PatchKind::Source ? kBand : 1; }

  void fill(std::vector<float>& band, std::int32_t first, std::int32_t rows) {
    const auto width = static_cast<std::size_t>(patch.pointsX);
    band.resize(width * static_cast<std::size_t>(rows));
    const std::int32_t gap = world.settings.gapCells;
    switch (patch.kind) {
      case PatchKind::Source: {
        const auto values = source->values<float>();
        const double scale = world.settings.heightScaleM;
        const auto n = static_cast<std::size_t>(patch.pointsZ);
        for (std::size_t x = 0; x < width; ++x) {
          const auto* column = &values[x * n + static_cast<std::size_t>(first)];
          for (std::int32_t k = 0; k < rows; ++k) {
            band[static_cast<std::size_t>(k) * width + x] =
                static_cast<float>(static_cast<double>(column[k].value()) * scale);
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

  std::span<const float> row(std::int32_t z) {
    const std::int32_t rows = bandRows();
    const std::int32_t first = z / rows * rows;
    const std::size_t slot = static_cast<std::size_t>(z / rows) % 2;
    if (firstRow[slot] != first) {
      fill(buffers[slot], first, std::min(rows, patch.pointsZ - first));
      firstRow[slot] = first;
    }
    const auto width = static_cast<std::size_t>(patch.pointsX);
    return std::span<const float>(buffers[slot]).subspan(static_cast<std::size_t>(z - first) * width, width);
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
