// SPDX-License-Identifier: MIT
// The contract's height query: the cell's NW-SE triangles, never bilinear.
#include <algorithm>
#include <cmath>

#include "borders.hpp"
#include "isla/base/fourcc.hpp"
#include "isla/json/json_text.hpp"

namespace isla {

double sampleHeight(const World& world, std::size_t patchIndex, double x, double z) {
  const Patch& patch = world.patches.at(patchIndex);
  const double spacing = world.settings.spacingM;
  const double u = std::clamp((x - patch.originX) / spacing, 0.0, patch.pointsX - 1.0);
  const double v = std::clamp((z - patch.originZ) / spacing, 0.0, patch.pointsZ - 1.0);
  const auto x0 = std::min(static_cast<std::int32_t>(u), patch.pointsX - 2);
  const auto z0 = std::min(static_cast<std::int32_t>(v), patch.pointsZ - 2);
  const double fu = u - x0, fv = v - z0;

  double nw, ne, sw, se;
  if (patch.kind == PatchKind::Source) {
    const Raster& heights = world.sources[*patch.source].heights();
    const double scale = world.settings.heightScaleM;
    auto at = [&](std::int32_t px, std::int32_t pz) { return jsonFloat(sourceHeight(heights, scale, px, pz)); };
    nw = at(x0, z0), ne = at(x0 + 1, z0), sw = at(x0, z0 + 1), se = at(x0 + 1, z0 + 1);
  } else {
    PatchRows rows = world.heights(patchIndex);
    for (std::int32_t row = 0; row < z0; ++row) rows.row(row);
    const auto north = rows.row(z0);
    const auto south = rows.row(z0 + 1);
    nw = jsonFloat(north[static_cast<std::size_t>(x0)]), ne = jsonFloat(north[static_cast<std::size_t>(x0) + 1]);
    sw = jsonFloat(south[static_cast<std::size_t>(x0)]), se = jsonFloat(south[static_cast<std::size_t>(x0) + 1]);
  }
  // On the east or south side of the cell, interpolate along that side
  // alone, as the neighbouring cell (or patch) does along its west or north
  // side: a query on a shared edge gets the same bits from either member.
  if (fu == 1 && fv == 1) return se;
  if (fu == 1) return ne + fv * (se - ne);
  if (fv == 1) return sw + fu * (se - sw);
  if (fv <= fu) return nw + fu * (ne - nw) + fv * (se - ne);
  return nw + fv * (sw - nw) + fu * (se - sw);
}

}  // namespace isla
