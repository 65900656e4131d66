// SPDX-License-Identifier: MIT
#include "isla/synth/sections.hpp"

#include <bit>

namespace isla::synth {

static_assert(
    std::endian::native == std::endian::little,
    "the grids are written as they lie in memory, which is the wire order only on little-endian hosts");

namespace {

template <class T>
EncodedSection grid(FourCC tag, const Grid<T>& layer, const std::shared_ptr<const Layers>& owner) {
  EncodedSection section{tag, {}};
  section.payload.view(layer.bytes(), owner);
  return section;
}

EncodedSection params(const Params& p) {
  EncodedSection section{FourCC("PRMS"), {}};
  ByteWriter& out = section.payload;
  out.i32(p.worldSeed);
  out.i32(p.mapSize);
  out.f32(p.craterRadius);
  out.f32(p.densityMultiplier);
  out.f32(p.impactCenterX);
  out.f32(p.impactCenterY);
  out.str(p.generatedUtc);
  out.str(p.generatorGitHash);
  return section;
}

EncodedSection towns(const std::vector<Town>& list, const TierPalette& tiers) {
  EncodedSection section{FourCC("TOWN"), {}};
  ByteWriter& out = section.payload;
  out.i32(static_cast<std::int32_t>(list.size()));
  for (const auto& town : list) {
    out.f32(town.position.x);
    out.f32(town.position.y);
    out.u8(tiers.ordinal(town.tier));
    out.u8(static_cast<std::uint8_t>(town.highwayNode));
  }
  return section;
}

EncodedSection curve(const CurveRecord& c) {
  EncodedSection section{FourCC("TCRV"), {}};
  ByteWriter& out = section.payload;
  out.u16(c.curveVersion);
  for (const float knot : c.knots) out.f32(knot);
  for (const float value :
       {c.spikeMax, c.sea, c.orangeCeil, c.redCeil, c.benchLo, c.benchHi, c.peakCap, c.tailSlope, c.benchAmp,
        c.plateauAmp, c.shelfSpanMin, c.shelfSpanMax, c.elevFreqIslands, c.strengthFreqIslands}) {
    out.f32(value);
  }
  out.i32(c.benchSeedOffset);
  out.i32(c.plateauSeedOffset);
  out.i32(c.strengthSeedOffset);
  out.u8(c.presetId);
  out.f32(c.k5);
  out.f32(c.k6);
  return section;
}

EncodedSection detail(const DetailRecord& d) {
  EncodedSection section{FourCC("TDTL"), {}};
  ByteWriter& out = section.payload;
  out.u16(d.detailVersion);
  out.f32(d.reliefAmpM);
  out.f32(d.reliefFreqIslands);
  out.i32(d.reliefSeedOffset);
  out.f32(d.edgeAmpM);
  out.f32(d.edgeFreqIslands);
  out.i32(d.edgeSeedOffset);
  out.f32(d.edgeMaxShiftM);
  return section;
}

EncodedSection erosion(const ErosionRecord& e) {
  EncodedSection section{FourCC("EROS"), {}};
  ByteWriter& out = section.payload;
  out.u16(e.erosionVersion);
  for (const std::int32_t value : {e.dropletCount, e.lifetime, e.brushRadius, e.seedOffset}) out.i32(value);
  for (const float value :
       {e.carveCapM, e.depositCapM, e.seaMarginM, e.inertia, e.capacityFactor, e.minSlopeM, e.erodeRate,
        e.depositRate, e.evaporation, e.gravity, e.craterExclFactor}) {
    out.f32(value);
  }
  return section;
}

EncodedSection waterTable(const std::vector<WaterBody>& bodies) {
  EncodedSection section{FourCC("WBTB"), {}};
  ByteWriter& out = section.payload;
  out.i32(static_cast<std::int32_t>(bodies.size()));
  for (const auto& body : bodies) {
    out.u16(body.id);
    out.u8(static_cast<std::uint8_t>(body.type));
    out.u8(static_cast<std::uint8_t>(body.salinity));
    out.f32(body.surfaceLevel);
    out.i32(body.pixelCount);
    out.f32(body.centroidX);
    out.f32(body.centroidY);
  }
  return section;
}

EncodedSection roads(FourCC tag, const std::vector<Polyline>& paths) {
  EncodedSection section{tag, {}};
  ByteWriter& out = section.payload;
  out.i32(static_cast<std::int32_t>(paths.size()));
  for (const auto& path : paths) {
    out.i32(static_cast<std::int32_t>(path.size()));
    for (const auto& point : path) {
      out.f32(point.x);
      out.f32(point.y);
    }
  }
  return section;
}

}  // namespace

std::vector<EncodedSection> toSections(const Blueprint& blueprint) {
  const auto& layers = blueprint.layers;
  std::vector<EncodedSection> sections;
  sections.push_back(params(blueprint.params));
  sections.push_back(grid(FourCC("HGTS"), layers->heights, layers));
  sections.push_back(grid(FourCC("BIOM"), layers->biomes, layers));
  sections.push_back(towns(blueprint.towns, blueprint.tiers));
  if (blueprint.curve) sections.push_back(curve(*blueprint.curve));
  if (blueprint.detail) sections.push_back(detail(*blueprint.detail));
  if (blueprint.erosion) sections.push_back(erosion(*blueprint.erosion));
  sections.push_back(grid(FourCC("WBID"), layers->waterIds, layers));
  sections.push_back(waterTable(blueprint.waterBodies));
  sections.push_back(grid(FourCC("WSRF"), layers->waterSurface, layers));
  const auto& tiers = blueprint.roads.tiers;
  sections.push_back(roads(FourCC("RDHW"), tiers[static_cast<std::size_t>(RoadTier::Highway)]));
  sections.push_back(roads(FourCC("RDBR"), tiers[static_cast<std::size_t>(RoadTier::Branch)]));
  sections.push_back(roads(FourCC("RDRG"), tiers[static_cast<std::size_t>(RoadTier::Rugged)]));
  sections.push_back(roads(FourCC("RDTL"), tiers[static_cast<std::size_t>(RoadTier::Trail)]));
  return sections;
}

}  // namespace isla::synth
