// SPDX-License-Identifier: MIT
// TOWN: the towns, i32 count then per town f32 X, f32 Y, u8 tier,
// u8 isHighwayNode. Tiers are range-checked against the enum table's
// TownTier, so appending a tier is a data change, not a code change. The
// flag is a .NET bool, which the upstream reader loads as true for any
// nonzero byte: so does this one, keeping the byte for the scenery validator.
#include <isla/plugin/plugin_api.hpp>
#include <isla/base/joined_text.hpp>

#include <span>

namespace {

using isla::FieldType;

constexpr std::string_view kTierEnum = "TownTier";
// Byte positions inside the table, for the diagnostics' offsets.
constexpr std::uint64_t kCountSize = 4;
constexpr std::uint64_t kTownSize = 10;
constexpr std::uint64_t kTierAt = 8;  // after f32 X, f32 Y

std::string tierRange(std::span<const std::string> tiers) {
  if (tiers.empty()) return "the enum table's TownTier has no members";
  return "TownTier ordinals are 0.." + std::to_string(tiers.size() - 1) + " (" + tiers.front() +
         ".." + tiers.back() + ")";
}

class TownsCodec final : public isla::SectionCodec {
 public:
  isla::FourCC tag() const override { return isla::FourCC("TOWN"); }
  std::string name() const override { return "Towns"; }
  std::string description() const override {
    return "towns: position in pixels, TownTier ordinal and the highway-node flag the road "
           "topology was built from";
  }
  isla::Presence presence() const override { return isla::Presence::Expected; }

  isla::SectionContent decode(isla::ByteReader& payload,
                              isla::DecodeContext& context) const override {
    const std::uint64_t tableOffset = payload.absolute();
    isla::Table towns = isla::readTable(payload, layout_, "town");
    const auto tiers = context.enumMembers(kTierEnum, tableOffset);
    for (std::size_t i = 0; i < towns.rows.size(); ++i) {
      const auto& town = towns.rows[i];
      const std::uint64_t townOffset = tableOffset + kCountSize + i * kTownSize;
      const std::uint8_t tier = town.as<std::uint8_t>("tier");
      if (tier >= tiers.size()) {
        context.report(isla::Severity::Error, "town.tier-out-of-range",
                       "town " + std::to_string(i) + " has tier " + std::to_string(tier) + "; " +
                           tierRange(tiers),
                       townOffset + kTierAt);
      }
    }
    return towns;
  }

  void encode(const isla::SectionContent& content, isla::ByteWriter& out,
              const isla::EncodeContext&) const override {
    isla::writeTable(std::get<isla::Table>(content), out);
  }

  std::optional<isla::Role> role() const override { return isla::Role::Towns; }
  isla::RoleContent fillRole(const isla::SectionContent& content) const override {
    isla::TownList list;
    for (const isla::Record& town : std::get<isla::Table>(content).rows) {
      // A .NET bool: any nonzero byte is true.
      list.towns.push_back({town.as<float>("X"), town.as<float>("Y"), town.as<std::uint8_t>("tier"),
                            town.as<std::uint8_t>("isHighwayNode") != 0});
    }
    return list;
  }

  isla::SectionSummary summarize(const isla::SectionContent& content,
                                 const isla::SummaryContext& context) const override {
    const auto& towns = std::get<isla::Table>(content);
    // Every member of the table, then any ordinal beyond it (a summary under
    // another enum table than the decode's), in ordinal order.
    std::vector<std::uint64_t> byTier(context.enums.members(kTierEnum).size());
    std::uint64_t highwayNodes = 0;
    for (const auto& town : towns.rows) {
      const std::uint8_t tier = town.as<std::uint8_t>("tier");
      if (tier >= byTier.size()) byTier.resize(tier + 1u);
      ++byTier[tier];
      if (town.as<std::uint8_t>("isHighwayNode") != 0) ++highwayNodes;
    }
    isla::SectionSummary summary;
    boost::json::object tierCounts;
    std::vector<std::string> tierTexts;
    for (std::size_t tier = 0; tier < byTier.size(); ++tier) {
      const std::string tierName = context.enums.name(kTierEnum, tier);
      tierCounts[tierName] = byTier[tier];
      if (byTier[tier] > 0) tierTexts.push_back(std::to_string(byTier[tier]) + " " + tierName);
    }
    const std::string tierText = isla::joinedText(tierTexts);
    const std::size_t count = towns.rows.size();
    summary.json["count"] = count;
    summary.json["by_tier"] = std::move(tierCounts);
    summary.json["highway_nodes"] = highwayNodes;
    summary.brief = count == 0 ? "no towns"
                               : std::to_string(count) + (count == 1 ? " town (" : " towns (") +
                                     tierText + "), " + std::to_string(highwayNodes) +
                                     (highwayNodes == 1 ? " highway node" : " highway nodes");
    return summary;
  }

 private:
  std::shared_ptr<const isla::RecordLayout> layout_ = isla::RecordLayout::make({
      {"X", FieldType::F32, "px"},
      {"Y", FieldType::F32, "px"},
      {"tier", FieldType::U8},
      {"isHighwayNode", FieldType::U8},
  });
};

}  // namespace

ISLA_PLUGIN("1.0.0", "TOWN: the towns", [](isla::PluginRegistrar& registrar) {
  registrar.addSection(std::make_unique<TownsCodec>());
});
