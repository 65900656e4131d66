// SPDX-License-Identifier: MIT
#include "sample_blueprint.hpp"

#include <cmath>

#include <isla/model/water_level.hpp>

namespace isla::test {

namespace {

constexpr std::uint8_t kOcean = 0, kLake = 1, kBeach = 2, kGrassland = 3, kForest = 4, kMountain = 10;

std::vector<std::byte> flat(const ByteWriter& writer) { return writer.flatten(); }

template <class T, class Write>
std::vector<std::byte> grid(const std::vector<T>& values, Write write) {
  ByteWriter out;
  for (const T value : values) write(out, value);
  return flat(out);
}

}  // namespace

std::uint16_t encodeWaterLevel(float level) { return isla::water_surface::encodeWaterLevel(level).value(); }

SampleBlueprint makeSample(std::int32_t mapSize) {
  SampleBlueprint s;
  s.mapSize = mapSize;
  const auto n = static_cast<std::size_t>(mapSize);
  s.heights.resize(n * n);
  s.biomes.resize(n * n);
  s.waterIds.assign(n * n, 0);
  s.waterSurface.assign(n * n, 0);
  const double centre = (mapSize - 1) / 2.0;
  // The lake: a square basin on land, west of the centre.
  const std::size_t lakeX0 = n / 3, lakeX1 = n / 3 + n / 16, lakeY0 = n / 2 - n / 32, lakeY1 = n / 2 + n / 32;
  const float lakeLevel = 0.40f;

  double oceanX = 0, oceanY = 0, lakeX = 0, lakeY = 0;
  std::int32_t oceanCount = 0, lakeCount = 0;
  for (std::size_t x = 0; x < n; ++x) {
    for (std::size_t y = 0; y < n; ++y) {
      const std::size_t i = x * n + y;
      const double dx = (static_cast<double>(x) - centre) / (centre * 1.30);
      const double dy = (static_cast<double>(y) - centre) / (centre * 0.78);
      const double falloff = 1.0 - std::sqrt(dx * dx + dy * dy);
      // A dome; everything outside it is deep water reaching the border.
      float h = static_cast<float>(falloff > 0 ? 0.05 + 0.9 * falloff : 0.05 + 0.1 * falloff);
      const bool lake = x >= lakeX0 && x < lakeX1 && y >= lakeY0 && y < lakeY1;
      if (lake) h = lakeLevel - 0.02f;
      s.heights[i] = h;
      if (lake) {
        s.biomes[i] = kLake;
        s.waterIds[i] = 2;
        s.waterSurface[i] = encodeWaterLevel(lakeLevel);
        lakeX += static_cast<double>(x);
        lakeY += static_cast<double>(y);
        ++lakeCount;
      } else if (h < kSampleSeaLevel) {
        s.biomes[i] = kOcean;
        s.waterIds[i] = 1;
        s.waterSurface[i] = encodeWaterLevel(kSampleSeaLevel);
        oceanX += static_cast<double>(x);
        oceanY += static_cast<double>(y);
        ++oceanCount;
      } else {
        s.biomes[i] = h < 0.2f ? kBeach : h < 0.45f ? kGrassland : h < 0.7f ? kForest : kMountain;
      }
    }
  }
  s.bodies = {
      {1, 0, 1, kSampleSeaLevel, oceanCount, static_cast<float>(oceanX / oceanCount),
       static_cast<float>(oceanY / oceanCount)},
      {2, 1, 0, lakeLevel, lakeCount, static_cast<float>(lakeX / lakeCount),
       static_cast<float>(lakeY / lakeCount)},
  };
  const float c = static_cast<float>(centre);
  const float r = static_cast<float>(n) / 8.0f;
  s.towns = {{c, c, 3, 1}, {c + r, c, 2, 1}, {c - r, c + r / 2, 1, 0}, {c, c - r / 2, 0, 0}};
  s.roads[0] = {{{c, c}, {c + r / 2, c}, {c + r, c}}};
  s.roads[1] = {{{c, c}, {c - r, c + r / 2}}};
  s.roads[2] = {{{c, c}, {c, c - r / 4}, {c, c - r / 2}}, {{c + r, c}, {c + r, c + r / 2}}};
  s.roads[3] = {};  // present but empty is valid
  return s;
}

std::vector<std::byte> encodeParams(const SampleBlueprint& s) {
  ByteWriter out;
  out.i32(s.worldSeed);
  out.i32(s.mapSize);
  out.f32(s.craterRadius);
  out.f32(s.densityMultiplier);
  out.f32(s.impactCenterX);
  out.f32(s.impactCenterY);
  out.str(s.generatedUtc);
  out.str(s.generatorGitHash);
  return flat(out);
}

std::vector<std::byte> encodeTowns(const std::vector<SampleTown>& towns) {
  ByteWriter out;
  out.i32(static_cast<std::int32_t>(towns.size()));
  for (const auto& town : towns) {
    out.f32(town.x);
    out.f32(town.y);
    out.u8(town.tier);
    out.u8(town.highwayNode);
  }
  return flat(out);
}

std::vector<std::byte> encodeRoads(const std::vector<std::vector<Point2f>>& paths) {
  ByteWriter out;
  out.i32(static_cast<std::int32_t>(paths.size()));
  for (const auto& path : paths) {
    out.i32(static_cast<std::int32_t>(path.size()));
    for (const auto& point : path) {
      out.f32(point.x);
      out.f32(point.y);
    }
  }
  return flat(out);
}

std::vector<std::byte> encodeWaterTable(const std::vector<SampleWaterBody>& bodies) {
  ByteWriter out;
  out.i32(static_cast<std::int32_t>(bodies.size()));
  for (const auto& body : bodies) {
    out.u16(body.id);
    out.u8(body.type);
    out.u8(body.salinity);
    out.f32(body.surfaceLevel);
    out.i32(body.pixelCount);
    out.f32(body.centroidX);
    out.f32(body.centroidY);
  }
  return flat(out);
}

std::vector<std::byte> encodeCurve(std::uint16_t version) {
  ByteWriter out;
  out.u16(version);
  // knot1..4, spikeMax, sea, orangeCeil, redCeil, benchLo, benchHi, peakCap, tailSlope
  const float base[] = {0.2f, 0.4f, 0.6f, 0.8f, 1.7f, 0.15f, 0.5f, 0.7f, 0.398f, 0.876f, 1.67f, 0.25f};
  for (const float value : base) out.f32(value);
  if (version >= 4) {
    // benchAmp, plateauAmp, shelfSpanMin, shelfSpanMax, elevFreqIslands, strengthFreqIslands
    const float modulation[] = {0.048f, 0.08f, 0.6f, 1.0f, 3.0f, 2.0f};
    for (const float value : modulation) out.f32(value);
    out.i32(101);  // benchSeedOffset
    out.i32(202);  // plateauSeedOffset
    out.i32(303);  // strengthSeedOffset
  }
  if (version >= 5) {
    out.u8(2);  // presetId: balanced
    out.f32(0.930304f);
    out.f32(1.050720f);
  }
  return flat(out);
}

std::vector<std::byte> encodeDetail(std::uint16_t version, std::size_t length) {
  ByteWriter out;
  out.u16(version);
  if (version == 2 && length == 30) {
    out.f32(3.0f);   // reliefAmpM
    out.f32(24.0f);  // reliefFreqIslands
    out.i32(404);    // reliefSeedOffset
    out.f32(12.0f);  // edgeAmpM
    out.f32(6.0f);   // edgeFreqIslands
    out.i32(505);    // edgeSeedOffset
    out.f32(14.0f);  // edgeMaxShiftM
  } else {
    for (std::size_t i = 2; i < length; ++i) out.u8(static_cast<std::uint8_t>(i));
  }
  return flat(out);
}

std::vector<std::byte> encodeErosion(std::uint16_t version, std::size_t length) {
  ByteWriter out;
  out.u16(version);
  if (version == 1 || version == 2) {
    out.i32(250000);  // dropletCount
    out.i32(384);     // lifetime
    out.i32(3);       // brushRadius
    out.i32(606);     // seedOffset
    out.f32(15.0f);   // carveCapM
    if (version == 2) out.f32(6.0f);  // depositCapM
    const float rest[] = {0.5f, 0.35f, 4.0f, 0.01f, 0.3f, 0.3f, 0.01f, 4.0f, 1.5f};
    for (const float value : rest) out.f32(value);
  } else {
    for (std::size_t i = 2; i < length; ++i) out.u8(static_cast<std::uint8_t>(i));
  }
  return flat(out);
}

void refreshBodies(SampleBlueprint& s) {
  for (auto& body : s.bodies) {
    double sumX = 0, sumY = 0;
    std::int32_t count = 0;
    for (std::int64_t x = 0; x < s.mapSize; ++x) {
      for (std::int64_t y = 0; y < s.mapSize; ++y) {
        if (s.waterIds[static_cast<std::size_t>(x * s.mapSize + y)] != body.id) continue;
        sumX += static_cast<double>(x);
        sumY += static_cast<double>(y);
        ++count;
      }
    }
    body.pixelCount = count;
    body.centroidX = static_cast<float>(sumX / count);
    body.centroidY = static_cast<float>(sumY / count);
  }
}

BlueprintBuilder encode(const SampleBlueprint& s) {
  BlueprintBuilder b;
  b.add(FourCC("PRMS"), encodeParams(s));
  b.add(FourCC("HGTS"), grid(s.heights, [](ByteWriter& w, float v) { w.f32(v); }));
  b.add(FourCC("BIOM"), grid(s.biomes, [](ByteWriter& w, std::uint8_t v) { w.u8(v); }));
  b.add(FourCC("TOWN"), encodeTowns(s.towns));
  b.add(FourCC("TCRV"), encodeCurve(s.curveVersion));
  b.add(FourCC("TDTL"), encodeDetail(s.detailVersion));
  b.add(FourCC("EROS"), encodeErosion(s.erosionVersion));
  b.add(FourCC("WBID"), grid(s.waterIds, [](ByteWriter& w, std::uint16_t v) { w.u16(v); }));
  b.add(FourCC("WBTB"), encodeWaterTable(s.bodies));
  b.add(FourCC("WSRF"), grid(s.waterSurface, [](ByteWriter& w, std::uint16_t v) { w.u16(v); }));
  b.add(FourCC("RDHW"), encodeRoads(s.roads[0]));
  b.add(FourCC("RDBR"), encodeRoads(s.roads[1]));
  b.add(FourCC("RDRG"), encodeRoads(s.roads[2]));
  b.add(FourCC("RDTL"), encodeRoads(s.roads[3]));
  return b;
}

}  // namespace isla::test
