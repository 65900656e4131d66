// SPDX-License-Identifier: MIT
// isla::synth: a deterministic sample blueprint generator. The same settings
// give the same blueprint, byte for byte, whatever the thread count.
//
// Pipeline: island heights -> height curve and detail -> relief scale for
// the map's extent in metres -> crater -> lakes ->
// water (ocean flood, pit fill, labels) -> biomes -> erosion (opt-in) ->
// coarse cost grid -> towns -> roads -> sections in the spec's table order.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include <isla/container/blueprint_writer.hpp>

#include "isla/synth/grid.hpp"
#include "isla/synth/metadata.hpp"
#include "isla/synth/roads.hpp"
#include "isla/synth/settlements.hpp"
#include "isla/synth/water.hpp"

namespace isla {
class EnumTable;
}

namespace isla::synth {

// A setting outside what synth accepts; the message names it and the range.
class InvalidSettings : public std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};

inline constexpr const char* kFixedGeneratedUtc = "2000-01-01T00:00:00Z";

struct Settings {
  std::int32_t seed = 1;  // 0 is the re-encode sentinel and refused
  std::int32_t mapSize = 1024;
  std::optional<std::int32_t> towns;  // default: defaultTownCount(mapSize)
  std::optional<std::int32_t> lakes;  // default: defaultLakeCount(mapSize)
  float seaLevel = 0.15f;             // the flat sea model's level
  float isletDensity = 0.02f;
  // The metres between samples the map is made for: its relief follows the
  // extent (relief_scale.hpp). nullopt: the native relief.
  std::optional<double> spacingM;
  bool curve = true;     // TCRV: shape HGTS with the height curve
  bool detail = true;    // TDTL: the detail passes (only with the curve)
  bool erosion = false;  // EROS
  bool roads = true;     // false: present-but-empty road sections
  unsigned threads = 0;  // 0: hardware concurrency; never changes the output
  std::string generatedUtc = kFixedGeneratedUtc;
  std::string generatorGitHash;

  // Throws InvalidSettings.
  void validate() const;
};

std::int32_t defaultTownCount(std::int32_t mapSize);
std::int32_t defaultLakeCount(std::int32_t mapSize);

struct Params {
  std::int32_t worldSeed = 0;
  std::int32_t mapSize = 0;
  float craterRadius = 0;
  float densityMultiplier = 1;
  float impactCenterX = 0;
  float impactCenterY = 0;
  std::string generatedUtc;
  std::string generatorGitHash;
};

// The per-pixel layers; the sections view their bytes without copying.
struct Layers {
  Grid<float> heights;
  Grid<std::uint8_t> biomes;
  Grid<std::uint16_t> waterIds;
  Grid<std::uint16_t> waterSurface;
};

struct Blueprint {
  Params params;
  std::shared_ptr<const Layers> layers;
  std::vector<Town> towns;
  std::vector<WaterBody> waterBodies;
  RoadNetwork roads;
  std::optional<CurveRecord> curve;
  std::optional<DetailRecord> detail;
  std::optional<ErosionRecord> erosion;
  TierPalette tiers;
  // What was asked for, to tell the user when the land had no room for it.
  std::int32_t requestedTowns = 0;
  std::int32_t requestedLakes = 0;

  std::size_t lakeCount() const { return waterBodies.empty() ? 0 : waterBodies.size() - 1; }
};

// Throws InvalidSettings, or std::runtime_error when the enum table lacks a
// Biome or TownTier member synth writes.
Blueprint synthesize(const Settings& settings, const EnumTable& enums);

// synthesize, then toSections (sections.hpp).
std::vector<EncodedSection> generate(const Settings& settings, const EnumTable& enums);

}  // namespace isla::synth
