// SPDX-License-Identifier: MIT
// WSRF: MapSize^2 u16 quantised water-surface levels, X outer / Y inner.
// Optional, paired with WBID. 0 = no water; the level code is in
// water_level.hpp. Only the length is checked here: that levels sit exactly
// where WBID has water, at their body's level, is the water validator's.
#include <isla/container/grid_codec.hpp>
#include <isla/json/json_text.hpp>
#include <isla/plugin/plugin_api.hpp>
#include <isla/base/text_format.hpp>
#include <isla/parallel/vector_clones.hpp>

#include <algorithm>

#include <isla/model/water_level.hpp>

namespace {

struct SurfaceStats {
  std::uint64_t water = 0;  // pixels with a level
  std::uint16_t lowest = 0;  // codes; 0 when there is no water
  std::uint16_t highest = 0;
};

// One vectorised pass. The count runs in 16-bit lanes, flushed before they
// can overflow; the lowest code is found as the lowest (code - 1), which
// wraps the sentinel 0 to the top so that a plain min skips it.
ISLA_VECTOR_CLONES
SurfaceStats scanCodes(const isla::Raster& raster) {
  constexpr std::size_t kBlock = 32768;
  const auto codes = raster.values<std::uint16_t>();
  std::uint16_t lowestLessOne = 0xFFFF;
  std::uint16_t highest = 0;
  SurfaceStats stats;
  for (std::size_t start = 0; start < codes.size(); start += kBlock) {
    const std::size_t end = std::min(codes.size(), start + kBlock);
    std::uint16_t water = 0;
    for (std::size_t i = start; i < end; ++i) {
      const std::uint16_t code = codes[i].value();
      water = static_cast<std::uint16_t>(water + (code != isla::water_surface::kNoWater));
      lowestLessOne = std::min(lowestLessOne, static_cast<std::uint16_t>(code - 1));
      highest = std::max(highest, code);
    }
    stats.water += water;
  }
  if (stats.water > 0) {
    stats.lowest = static_cast<std::uint16_t>(lowestLessOne + 1);
    stats.highest = highest;
  }
  return stats;
}

class WaterSurfaceCodec final : public isla::GridCodec {
 public:
  WaterSurfaceCodec() : GridCodec(isla::ElementType::U16, isla::Role::WaterSurface) {}

  isla::FourCC tag() const override { return isla::FourCC("WSRF"); }
  std::string name() const override { return "Water surface"; }
  std::string description() const override {
    return "MapSize^2 u16 water-surface levels, 1 + round(raw x 32768), 0 = no water; X outer / Y inner";
  }

  isla::SectionSummary summarize(const isla::SectionContent& content,
                                 const isla::SummaryContext& context) const override {
    const auto& raster = std::get<isla::Raster>(content);
    const SurfaceStats stats = scanCodes(raster);
    const double scale = context.units.heightScaleM;
    isla::SectionSummary summary;
    summary.json["pixel_count"] = raster.pixelCount();
    summary.json["water_pixel_count"] = stats.water;
    if (stats.water == 0) {
      summary.brief = "no water (every code is 0)";
      for (const char* key : {"min_level_raw", "max_level_raw", "min_level_m", "max_level_m"}) {
        summary.json[key] = nullptr;
      }
      return summary;
    }
    const float lowest = *isla::water_surface::decodeWaterLevel(stats.lowest);
    const float highest = *isla::water_surface::decodeWaterLevel(stats.highest);
    const double lowestRaw = isla::jsonFloat(lowest);
    const double highestRaw = isla::jsonFloat(highest);
    summary.brief = "water " + std::to_string(stats.water) + " px, level " + isla::toText(lowest) +
                    " .. " + isla::toText(highest) + " raw (" + isla::fixedText(lowestRaw * scale, 2) + " .. " +
                    isla::fixedText(highestRaw * scale, 2) + " m)";
    summary.json["min_level_raw"] = lowestRaw;
    summary.json["max_level_raw"] = highestRaw;
    summary.json["min_level_m"] = lowestRaw * scale;
    summary.json["max_level_m"] = highestRaw * scale;
    return summary;
  }
};

}  // namespace

ISLA_PLUGIN("1.0.0", "WSRF: the water-surface level grid", [](isla::PluginRegistrar& registrar) {
  registrar.addSection(std::make_unique<WaterSurfaceCodec>());
});
