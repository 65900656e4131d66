// SPDX-License-Identifier: MIT
// HGTS: MapSize^2 f32 heights in raw units, X outer / Y inner. Mandatory.
// Non-finite values load bit-exact; the terrain validator reports them.
#include <isla/container/grid_codec.hpp>
#include <isla/json/json_text.hpp>
#include <isla/plugin/plugin_api.hpp>
#include <isla/model/raster_stats.hpp>
#include <isla/base/text_format.hpp>

namespace {

class HeightsCodec final : public isla::GridCodec {
 public:
  HeightsCodec() : GridCodec(isla::ElementType::F32, isla::Role::Heights) {}

  isla::FourCC tag() const override { return isla::FourCC("HGTS"); }
  std::string name() const override { return "Heights"; }
  std::string description() const override {
    return "MapSize^2 f32 heights in raw units (1 raw = height scale metres), X outer / Y inner";
  }
  isla::Presence presence() const override { return isla::Presence::Mandatory; }

  isla::SectionSummary summarize(const isla::SectionContent& content,
                                 const isla::SummaryContext& context) const override {
    const auto& raster = std::get<isla::Raster>(content);
    const isla::FloatStats stats = isla::floatStats(raster);
    const double scale = context.units.heightScaleM;
    isla::SectionSummary summary;
    summary.brief = "raw min " + isla::fixedText(stats.min, 4) + " max " + isla::fixedText(stats.max, 4) + " mean " +
                    isla::fixedText(stats.mean, 4) + " (" + isla::fixedText(stats.min * scale, 1) + " m .. " +
                    isla::fixedText(stats.max * scale, 1) + " m, mean " + isla::fixedText(stats.mean * scale, 1) + " m)";
    const std::uint64_t nonFinite = stats.nan + stats.infinite;
    if (nonFinite > 0) summary.brief += ", " + std::to_string(nonFinite) + " non-finite";
    summary.json["min_raw"] = isla::jsonFloat(stats.min);
    summary.json["max_raw"] = isla::jsonFloat(stats.max);
    summary.json["mean_raw"] = stats.mean;
    summary.json["min_m"] = stats.min * scale;
    summary.json["max_m"] = stats.max * scale;
    summary.json["mean_m"] = stats.mean * scale;
    summary.json["height_scale_m"] = scale;
    summary.json["finite_count"] = stats.finite;
    summary.json["nan_count"] = stats.nan;
    summary.json["infinite_count"] = stats.infinite;
    return summary;
  }
};

}  // namespace

ISLA_PLUGIN("1.0.0", "HGTS: the heightmap", [](isla::PluginRegistrar& registrar) {
  registrar.addSection(std::make_unique<HeightsCodec>());
});
