// SPDX-License-Identifier: MIT
// A third party's heights: HU16, MapSize^2 u16 values, X outer / Y inner, a
// raw height of value / 4096 (0 .. 16 raw). It fills the heights role, so a
// blueprint with HU16 and no HGTS loads and compiles: the World asks for the
// role, never for a tag.
#include <isla/container/grid_codec.hpp>
#include <isla/plugin/plugin_api.hpp>

namespace {

constexpr double kStepsPerRaw = 4096.0;

class HeightsU16Codec final : public isla::GridCodec {
 public:
  HeightsU16Codec() : GridCodec(isla::ElementType::U16) {}

  isla::FourCC tag() const override { return isla::FourCC("HU16"); }
  std::string name() const override { return "Heights (u16)"; }
  std::string description() const override { return "MapSize^2 u16 heights, raw = value / 4096"; }

  std::optional<isla::Role> role() const override { return isla::Role::Heights; }
  isla::RoleContent fillRole(const isla::SectionContent& content) const override {
    const auto& steps = std::get<isla::Raster>(content);
    isla::RasterBuilder raw(isla::ElementType::F32, steps.mapSize());
    const auto in = steps.values<std::uint16_t>();
    auto out = raw.values<float>();
    for (std::size_t i = 0; i < in.size(); ++i) out[i] = static_cast<float>(in[i].value() / kStepsPerRaw);
    return isla::HeightGrid{std::move(raw).finish()};
  }

  isla::SectionSummary summarize(const isla::SectionContent&, const isla::SummaryContext&) const override {
    return {"u16 heights", {}, {}};
  }
};

}  // namespace

ISLA_PLUGIN("1.0.0", "HU16: u16 heights that fill the heights role", [](isla::PluginRegistrar& registrar) {
  registrar.addSection(std::make_unique<HeightsU16Codec>());
});
