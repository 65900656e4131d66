// SPDX-License-Identifier: MIT
// Claims HGTS, which the shipped hgts plugin already registers, and a tag of
// its own: the host must refuse the whole plugin and name both.
#include <isla/container/grid_codec.hpp>
#include <isla/plugin/plugin_api.hpp>

namespace {

class ShadowCodec final : public isla::GridCodec {
 public:
  explicit ShadowCodec(isla::FourCC tag) : GridCodec(isla::ElementType::F32), tag_(tag) {}
  isla::FourCC tag() const override { return tag_; }
  std::string name() const override { return "Shadow"; }
  std::string description() const override { return "a second claim on a tag"; }
  isla::SectionSummary summarize(const isla::SectionContent&, const isla::SummaryContext&) const override {
    return {};
  }

 private:
  isla::FourCC tag_;
};

}  // namespace

ISLA_PLUGIN("0.1.0", "claims a tag another plugin owns", [](isla::PluginRegistrar& registrar) {
  registrar.addSection(std::make_unique<ShadowCodec>(isla::FourCC("DUPE")));
  registrar.addSection(std::make_unique<ShadowCodec>(isla::FourCC("HGTS")));
});
