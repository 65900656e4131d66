// SPDX-License-Identifier: MIT
// WBTB: the water-body table, i32 count then per body u16 id, u8 type,
// u8 salinity, f32 surfaceLevel, i32 pixelCount, f32 centroidX, f32 centroidY.
// Optional, paired with WBID. Only salinity is checked here. A type outside
// 0/1 loads, as upstream it does, and the water validator reports it; ids,
// levels and pixel counts against the grids are the water validator's too.
#include <isla/json/json_text.hpp>
#include <isla/plugin/plugin_api.hpp>
#include <isla/base/text_format.hpp>

#include <array>
#include <span>

namespace {

using isla::FieldType;

// The spec's codes: the index is the wire value.
constexpr std::array<std::string_view, 2> kTypeNames{"ocean", "lake"};
constexpr std::array<std::string_view, 2> kSalinityNames{"fresh", "salt"};
constexpr std::uint8_t kOceanType = 0;
constexpr std::uint8_t kLakeType = 1;
constexpr std::uint64_t kCountSize = 4;

// The name of a code, or "#<value>" for one the spec does not define (a table
// built in memory rather than decoded).
std::string codeName(std::span<const std::string_view> names, std::uint8_t value) {
  return value < names.size() ? std::string(names[value]) : "#" + std::to_string(value);
}

// "0 (ocean) or 1 (lake)"
std::string codeChoices(std::span<const std::string_view> names) {
  std::string out;
  for (std::size_t value = 0; value < names.size(); ++value) {
    if (value) out += value + 1 == names.size() ? " or " : ", ";
    out += std::to_string(value) + " (" + std::string(names[value]) + ")";
  }
  return out;
}

std::string metres(double value) { return isla::fixedText(value, 2) + " m"; }

class WaterBodiesCodec final : public isla::SectionCodec {
 public:
  isla::FourCC tag() const override { return isla::FourCC("WBTB"); }
  std::string name() const override { return "Water bodies"; }
  std::string description() const override {
    return "water bodies: id, type (ocean/lake), salinity, flat surface level in raw units, "
           "pixel count and centroid in pixels";
  }

  isla::SectionContent decode(isla::ByteReader& payload, isla::DecodeContext& context) const override {
    const std::uint64_t firstRow = payload.absolute() + kCountSize;
    isla::Table bodies = isla::readTable(payload, layout_, "water body");
    for (std::size_t row = 0; row < bodies.rows.size(); ++row) {
      const std::uint64_t rowOffset = firstRow + row * layout_->minimumSize();
      requireKnownCode(bodies.rows[row], row, "salinity", kSalinityNames, "wbtb.bad-salinity",
                       rowOffset, context);
    }
    return bodies;
  }

  void encode(const isla::SectionContent& content, isla::ByteWriter& out,
              const isla::EncodeContext&) const override {
    isla::writeTable(std::get<isla::Table>(content), out);
  }

  std::optional<isla::Role> role() const override { return isla::Role::WaterBodies; }
  isla::RoleContent fillRole(const isla::SectionContent& content) const override {
    isla::WaterBodyTable table;
    for (const isla::Record& row : std::get<isla::Table>(content).rows) {
      const std::uint8_t type = row.as<std::uint8_t>("type");
      table.bodies.push_back({row.as<std::uint16_t>("id"),
                              type == kOceanType  ? isla::WaterKind::Ocean
                              : type == kLakeType ? isla::WaterKind::Lake
                                                  : isla::WaterKind::Unknown,
                              row.as<float>("surfaceLevel")});
    }
    return table;
  }

  isla::SectionSummary summarize(const isla::SectionContent& content,
                                 const isla::SummaryContext& context) const override {
    const auto& table = std::get<isla::Table>(content);
    const double scale = context.units.heightScaleM;
    isla::SectionSummary summary;
    boost::json::array bodies;
    const isla::Record* ocean = nullptr;  // the first ocean row; the spec has exactly one
    std::size_t oceans = 0, lakes = 0;
    for (const auto& body : table.rows) {
      const std::uint8_t type = body.as<std::uint8_t>("type");
      if (type == kOceanType && !ocean) ocean = &body;
      oceans += type == kOceanType ? 1 : 0;
      lakes += type == kLakeType ? 1 : 0;
      const std::string typeName = codeName(kTypeNames, type);
      const std::string salinity = codeName(kSalinityNames, body.as<std::uint8_t>("salinity"));
      const double level = isla::jsonFloat(body.as<float>("surfaceLevel"));
      const float centroidX = body.as<float>("centroidX");
      const float centroidY = body.as<float>("centroidY");
      bodies.push_back(boost::json::object{
          {"id", body.as<std::uint16_t>("id")},
          {"type", typeName},
          {"salinity", salinity},
          {"surface_level_raw", level},
          {"surface_level_m", level * scale},
          {"pixel_count", body.as<std::int32_t>("pixelCount")},
          {"centroid", boost::json::array{isla::jsonFloat(centroidX), isla::jsonFloat(centroidY)}},
      });
      summary.details.push_back("id " + isla::toText(body.get("id")) + ": " + typeName + ", " +
                                salinity + ", level " + isla::toText(body.get("surfaceLevel")) +
                                " raw (" + metres(level * scale) + "), " +
                                isla::toText(body.get("pixelCount")) + " px, centroid (" +
                                isla::toText(centroidX) + ", " + isla::toText(centroidY) + ")");
    }

    const std::size_t count = table.rows.size();
    summary.brief = count == 0 ? "no water bodies"
                               : std::to_string(count) + (count == 1 ? " body (" : " bodies (") +
                                     std::to_string(oceans) + " ocean, " + std::to_string(lakes) +
                                     (lakes == 1 ? " lake)" : " lakes)");
    summary.json["body_count"] = count;
    summary.json["ocean_count"] = oceans;
    summary.json["lake_count"] = lakes;
    if (ocean) {
      const double level = isla::jsonFloat(ocean->as<float>("surfaceLevel"));
      summary.brief += ", ocean level " + isla::toText(ocean->get("surfaceLevel")) + " raw (" +
                       metres(level * scale) + ")";
      summary.json["ocean_level_raw"] = level;
      summary.json["ocean_level_m"] = level * scale;
    } else {
      if (count > 0) summary.brief += ", no ocean row";
      summary.json["ocean_level_raw"] = nullptr;
      summary.json["ocean_level_m"] = nullptr;
    }
    summary.json["bodies"] = std::move(bodies);
    return summary;
  }

 private:
  static void requireKnownCode(const isla::Record& body, std::size_t row, std::string_view field,
                               std::span<const std::string_view> names, std::string code,
                               std::uint64_t rowOffset, isla::DecodeContext& context) {
    const std::uint8_t value = body.as<std::uint8_t>(field);
    if (value < names.size()) return;
    context.report(isla::Severity::Error, std::move(code),
                   "water body row " + std::to_string(row) + " (id " + isla::toText(body.get("id")) +
                       ") has " + std::string(field) + " " + std::to_string(value) + "; expected " +
                       codeChoices(names),
                   rowOffset);
  }

  std::shared_ptr<const isla::RecordLayout> layout_ = isla::RecordLayout::make({
      {"id", FieldType::U16},
      {"type", FieldType::U8},
      {"salinity", FieldType::U8},
      {"surfaceLevel", FieldType::F32, "raw"},
      {"pixelCount", FieldType::I32, "px"},
      {"centroidX", FieldType::F32, "px"},
      {"centroidY", FieldType::F32, "px"},
  });
};

}  // namespace

ISLA_PLUGIN("1.0.0", "WBTB: the water-body table", [](isla::PluginRegistrar& registrar) {
  registrar.addSection(std::make_unique<WaterBodiesCodec>());
});
