// SPDX-License-Identifier: MIT
// The four road tiers, RDHW, RDBR, RDRG and RDTL: one layout (i32 pathCount,
// per path i32 pointCount and the points as f32 X, f32 Y), one codec class.
// The tag, not the position, identifies the tier; present but empty is valid.
#include <isla/plugin/plugin_api.hpp>

#include <algorithm>

namespace {

struct RoadTier {
  isla::FourCC tag;
  const char* name;  // the inspect table's name column
  isla::RoadClass road;
};

constexpr RoadTier kRoadTiers[] = {
    {isla::FourCC("RDHW"), "Highways", isla::RoadClass::Highway},
    {isla::FourCC("RDBR"), "Branch roads", isla::RoadClass::Branch},
    {isla::FourCC("RDRG"), "Rugged roads", isla::RoadClass::Rugged},
    {isla::FourCC("RDTL"), "Trails", isla::RoadClass::Trail},
};

class RoadTierCodec final : public isla::SectionCodec {
 public:
  explicit RoadTierCodec(const RoadTier& tier) : tier_(tier) {}

  isla::FourCC tag() const override { return tier_.tag; }
  std::string name() const override { return tier_.name; }
  std::string description() const override {
    return std::string(isla::roadClassName(tier_.road)) +
           " tier roads: polylines in pixels (i32 pathCount, per path i32 pointCount "
           "and f32 X, f32 Y per point); may be present but empty";
  }
  isla::Presence presence() const override { return isla::Presence::Expected; }
  std::optional<isla::Role> role() const override { return isla::Role::Roads; }
  isla::RoleContent fillRole(const isla::SectionContent& content) const override {
    return isla::RoadTier{tier_.road, std::get<isla::PolylineSet>(content)};
  }

  isla::SectionContent decode(isla::ByteReader& payload, isla::DecodeContext&) const override {
    return isla::readPolylines(payload);
  }

  void encode(const isla::SectionContent& content, isla::ByteWriter& out,
              const isla::EncodeContext&) const override {
    isla::writePolylines(std::get<isla::PolylineSet>(content), out);
  }

  isla::SectionSummary summarize(const isla::SectionContent& content,
                                 const isla::SummaryContext&) const override {
    const auto& roads = std::get<isla::PolylineSet>(content);
    std::size_t shortest = 0;
    std::size_t longest = 0;
    for (std::size_t p = 0; p < roads.size(); ++p) {
      const std::size_t points = roads.path(p).size();
      shortest = p == 0 ? points : std::min(shortest, points);
      longest = std::max(longest, points);
    }
    isla::SectionSummary summary;
    summary.json["paths"] = roads.size();
    summary.json["points"] = roads.pointCount();
    summary.json["shortest_path_points"] = shortest;
    summary.json["longest_path_points"] = longest;
    if (roads.size() == 0) {
      summary.brief = "no paths (present but empty)";
      return summary;
    }
    const std::string perPath = shortest == longest
                                    ? std::to_string(shortest)
                                    : std::to_string(shortest) + ".." + std::to_string(longest);
    summary.brief = std::to_string(roads.size()) + (roads.size() == 1 ? " path, " : " paths, ") +
                    std::to_string(roads.pointCount()) + " points (" + perPath + " a path)";
    return summary;
  }

 private:
  RoadTier tier_;
};

}  // namespace

ISLA_PLUGIN("1.0.0", "RDHW, RDBR, RDRG, RDTL: the four road tiers", [](isla::PluginRegistrar& registrar) {
  for (const auto& tier : kRoadTiers) registrar.addSection(std::make_unique<RoadTierCodec>(tier));
});
