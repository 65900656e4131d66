// SPDX-License-Identifier: MIT
// A small, consistent blueprint with every section, as plain values, and an
// encoder written from BLUEPRINT_FORMAT.md independently of the plugins, so
// that tests cross-check the plugins against the spec.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include <isla/model/polylines.hpp>

#include "blueprint_builder.hpp"

namespace isla::test {

struct SampleTown {
  float x, y;
  std::uint8_t tier, highwayNode;
};

struct SampleWaterBody {
  std::uint16_t id;
  std::uint8_t type, salinity;
  float surfaceLevel;
  std::int32_t pixelCount;
  float centroidX, centroidY;
};

struct SampleBlueprint {
  std::int32_t worldSeed = 1234;
  std::int32_t mapSize = 256;
  float craterRadius = 20.0f;
  float densityMultiplier = 1.0f;
  float impactCenterX = 140.0f;
  float impactCenterY = 100.0f;
  std::string generatedUtc = "2026-01-01T00:00:00Z";
  std::string generatorGitHash = "abc1234";

  // X outer / Y inner: pixel (x, y) is element x * mapSize + y.
  std::vector<float> heights;
  std::vector<std::uint8_t> biomes;
  std::vector<std::uint16_t> waterIds;
  std::vector<std::uint16_t> waterSurface;
  std::vector<SampleWaterBody> bodies;
  std::vector<SampleTown> towns;
  // Highway, Branch, Rugged, Trail.
  std::array<std::vector<std::vector<Point2f>>, 4> roads;

  std::uint16_t curveVersion = 5;
  std::uint16_t detailVersion = 2;
  std::uint16_t erosionVersion = 2;
};

inline constexpr float kSampleSeaLevel = 0.15f;

// An island: ocean to the border, one lake, towns of every tier, roads of
// every tier. Consistent with every semantic rule of the spec.
SampleBlueprint makeSample(std::int32_t mapSize = 256);

// Every section in the spec's table order.
BlueprintBuilder encode(const SampleBlueprint& sample);

std::vector<std::byte> encodeParams(const SampleBlueprint& sample);
std::vector<std::byte> encodeTowns(const std::vector<SampleTown>& towns);
std::vector<std::byte> encodeRoads(const std::vector<std::vector<Point2f>>& paths);
std::vector<std::byte> encodeWaterTable(const std::vector<SampleWaterBody>& bodies);
// TCRV of any version 1..5: the 50-byte base, the v4 and v5 extensions.
std::vector<std::byte> encodeCurve(std::uint16_t version);
// TDTL: v2 is 30 bytes; other versions get `length` bytes of body.
std::vector<std::byte> encodeDetail(std::uint16_t version, std::size_t length = 30);
// EROS: v2 is 62 bytes, v1 58 (no depositCapM); others get `length`.
std::vector<std::byte> encodeErosion(std::uint16_t version, std::size_t length = 0);

// Pixel counts and centroids of every WBTB row recomputed from WBID, for a
// test that moved water pixels and breaks one rule only.
void refreshBodies(SampleBlueprint& sample);

// The WSRF code of a level the sample uses (throws for one no code holds).
std::uint16_t encodeWaterLevel(float level);

}  // namespace isla::test
