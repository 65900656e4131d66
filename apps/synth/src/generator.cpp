// SPDX-License-Identifier: MIT
#include "isla/synth/generator.hpp"

#include <cmath>

#include <isla/plugin/section_codec.hpp>
#include <isla/world/layout_limits.hpp>

#include "isla/synth/classify.hpp"
#include "isla/synth/erosion.hpp"
#include "isla/synth/height_curve.hpp"
#include "isla/synth/lakes.hpp"
#include "isla/synth/relief_scale.hpp"
#include "isla/synth/route.hpp"
#include "isla/synth/sections.hpp"
#include "isla/synth/terrain.hpp"

namespace isla::synth {

namespace {

constexpr std::int32_t kMaxTowns = 1000;
constexpr std::int32_t kMaxLakes = 1000;
constexpr unsigned kMaxThreads = 1024;
// The sea must stay above the map's deep border and within what WSRF encodes.
constexpr float kHighestSea = 1.0f;
constexpr float kDensestIslets = 0.5f;  // the upstream clamp
constexpr float kDensityMultiplier = 1.0f;

void require(bool condition, const std::string& message) {
  if (!condition) throw InvalidSettings(message);
}

}  // namespace

void Settings::validate() const {
  require(seed != 0,
          "seed 0 is the sentinel of a re-encoded file (WorldSeed unknown); choose any other 32-bit seed");
  require(mapSize >= kMinMapSize && mapSize <= kMaxMapSize,
          "size " + std::to_string(mapSize) + " is outside " + std::to_string(kMinMapSize) + ".." +
              std::to_string(kMaxMapSize) + ", the MapSize range of BLUEPRINT_FORMAT.md");
  require(!towns || (*towns >= 0 && *towns <= kMaxTowns),
          "towns must be within 0.." + std::to_string(kMaxTowns));
  require(!lakes || (*lakes >= 0 && *lakes <= kMaxLakes),
          "lakes must be within 0.." + std::to_string(kMaxLakes));
  require(std::isfinite(seaLevel) && seaLevel >= 0 && seaLevel <= kHighestSea,
          "sea level must be within 0..1 raw (0..251 m)");
  require(std::isfinite(isletDensity) && isletDensity >= 0 && isletDensity <= kDensestIslets,
          "islet density must be within 0..0.5 (0 disables islets)");
  if (spacingM) {
    const auto problem = outOfRange(*spacingM, kSpacingRange);
    require(!problem, "spacing: " + problem.value_or(""));
  }
  require(threads <= kMaxThreads, "threads must be at most " + std::to_string(kMaxThreads));
}

std::int32_t defaultTownCount(std::int32_t mapSize) { return 8 + mapSize / 128; }

std::int32_t defaultLakeCount(std::int32_t mapSize) { return 3 + mapSize / 1024; }

Blueprint synthesize(const Settings& settings, const EnumTable& enums) {
  settings.validate();
  const BiomePalette biomes = BiomePalette::from(enums);
  const Workers workers(settings.threads);
  const std::int32_t seed = settings.seed;
  const std::int32_t size = settings.mapSize;
  const float sea = settings.seaLevel;

  Blueprint out;
  out.tiers = TierPalette::from(enums);
  out.requestedTowns = settings.towns.value_or(defaultTownCount(size));
  out.requestedLakes = settings.lakes.value_or(defaultLakeCount(size));

  const IslandShape shape({seed, size, sea, settings.isletDensity}, workers);
  const Crater crater = chooseImpactSite(shape);
  float rawMaximum = 0;
  Grid<float> heights = shape.render(workers, rawMaximum);
  if (settings.curve) {
    out.curve = balancedCurve(sea, rawMaximum);
    if (settings.detail) out.detail = defaultDetail();
    applyHeightCurve(heights, seed, *out.curve, out.detail ? &*out.detail : nullptr, workers);
  }
  const double relief = reliefScale(size, settings.spacingM);
  if (relief < 1) scaleRelief(heights, sea, relief, workers);
  carveCrater(heights, crater, sea, relief);
  const auto lakes = carveLakes(heights, {seed, out.requestedLakes, sea, relief}, crater);

  // The classification reads the heights before erosion, so that BIOM and
  // the water sections are the same with erosion on or off
  // (BLUEPRINT_FORMAT.md, Erosion); the erosion leaves what it classified be.
  Water water = classifyWater(heights, sea, lakes, workers);
  Grid<std::uint8_t> biomeGrid = classifyBiomes(heights, water.ids, {seed, sea, crater}, biomes, workers);
  if (settings.erosion) {
    out.erosion = defaultErosion(size, relief);
    erode(heights, seed, {sea, crater, lakes, water.ids}, *out.erosion);
  }
  // After the erosion, so that its 2 bytes a pixel and the erosion's 4 are
  // never held at once.
  Grid<std::uint16_t> surface = waterSurface(water, workers);
  // Towns and roads stand on the terrain as written (HGTS), eroded or not.
  const CostGrid grid(heights, water.ids, crater, workers);
  out.towns = placeTowns(heights, grid, crater, {seed, out.requestedTowns, sea, settings.roads});
  if (settings.roads) out.roads = planRoads(grid, out.towns, lakes, crater, workers);

  out.params = {seed,
                size,
                static_cast<float>(crater.radius),
                kDensityMultiplier,
                static_cast<float>(crater.x),
                static_cast<float>(crater.y),
                settings.generatedUtc,
                settings.generatorGitHash};
  out.waterBodies = std::move(water.bodies);
  out.layers = std::make_shared<const Layers>(
      Layers{std::move(heights), std::move(biomeGrid), std::move(water.ids), std::move(surface)});
  return out;
}

std::vector<EncodedSection> generate(const Settings& settings, const EnumTable& enums) {
  return toSections(synthesize(settings, enums));
}

}  // namespace isla::synth
