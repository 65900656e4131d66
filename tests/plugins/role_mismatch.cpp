// SPDX-License-Identifier: MIT
// A broken third party: RMIS, a MapSize^2 u16 grid whose codec declares the
// heights role but fills it with a town list. The reader must refuse the
// blueprint (role.mismatch) rather than hand the World the wrong content.
#include <isla/container/grid_codec.hpp>
#include <isla/plugin/plugin_api.hpp>

namespace {

class RoleMismatchCodec final : public isla::GridCodec {
 public:
  RoleMismatchCodec() : GridCodec(isla::ElementType::U16) {}

  isla::FourCC tag() const override { return isla::FourCC("RMIS"); }
  std::string name() const override { return "Role mismatch"; }
  std::string description() const override { return "declares the heights role, fills it with towns"; }

  std::optional<isla::Role> role() const override { return isla::Role::Heights; }
  isla::RoleContent fillRole(const isla::SectionContent&) const override { return isla::TownList{}; }

  isla::SectionSummary summarize(const isla::SectionContent&, const isla::SummaryContext&) const override {
    return {"u16 grid", {}, {}};
  }
};

}  // namespace

ISLA_PLUGIN("1.0.0", "RMIS: fills another role than it declares", [](isla::PluginRegistrar& registrar) {
  registrar.addSection(std::make_unique<RoleMismatchCodec>());
});
