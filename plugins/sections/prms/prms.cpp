// SPDX-License-Identifier: MIT
// PRMS: the resolved generation inputs. Mandatory and first; it declares the
// MapSize every grid is checked against.
#include <isla/plugin/plugin_api.hpp>
#include <isla/container/record_summary.hpp>

namespace {

using isla::FieldType;

constexpr isla::FourCC kTag{"PRMS"};

// A field whose value marks "unknown" in a file re-encoded from v1.
bool isSentinel(const std::string& field, const isla::FieldValue& value) {
  if (field == "WorldSeed") return std::get<std::int32_t>(value) == 0;
  if (field == "CraterRadius" || field == "DensityMultiplier" || field == "ImpactCenterX" ||
      field == "ImpactCenterY") {
    return std::get<float>(value) == -1.0f;
  }
  return false;
}

class ParamsCodec final : public isla::SectionCodec {
 public:
  isla::FourCC tag() const override { return kTag; }
  std::string name() const override { return "Params"; }
  std::string description() const override {
    return "resolved generation inputs: seed, MapSize, crater, density, impact centre, provenance";
  }
  isla::Presence presence() const override { return isla::Presence::Mandatory; }

  isla::SectionContent decode(isla::ByteReader& payload, isla::DecodeContext& context) const override {
    const std::uint64_t mapSizeOffset = payload.absolute() + 4;  // after WorldSeed
    isla::Record record = isla::readRecord(payload, layout_);
    context.declareMapSize(record.as<std::int32_t>("MapSize"), mapSizeOffset);
    return record;
  }

  void encode(const isla::SectionContent& content, isla::ByteWriter& out,
              const isla::EncodeContext& context) const override {
    isla::Record record = std::get<isla::Record>(content);
    if (context.restamp) {
      record.set("GeneratedUtc", context.restamp->generatedUtc);
      record.set("GeneratorGitHash", context.restamp->generatorGitHash);
    }
    isla::writeRecord(record, out);
  }

  isla::SectionSummary summarize(const isla::SectionContent& content,
                                 const isla::SummaryContext&) const override {
    const auto& record = std::get<isla::Record>(content);
    isla::SectionSummary summary;
    boost::json::array sentinels;
    for (std::size_t i = 0; i < record.values().size(); ++i) {
      const auto& field = record.layout().fields()[i];
      const auto& value = record.values()[i];
      summary.json[field.name] = isla::fieldJson(value);
      std::string text = isla::toText(value);
      if (field.type == FieldType::Str && text.empty()) text = "(empty)";
      if (isSentinel(field.name, value)) {
        text += " (sentinel: unknown, re-encoded from v1)";
        sentinels.emplace_back(field.name);
      }
      summary.details.push_back(field.name + ": " + text);
    }
    summary.json["sentinels"] = std::move(sentinels);
    summary.brief = "seed " + isla::toText(record.get("WorldSeed")) + ", MapSize " +
                    isla::toText(record.get("MapSize")) + ", crater radius " +
                    isla::toText(record.get("CraterRadius")) + ", impact (" +
                    isla::toText(record.get("ImpactCenterX")) + ", " +
                    isla::toText(record.get("ImpactCenterY")) + ")";
    return summary;
  }

 private:
  std::shared_ptr<const isla::RecordLayout> layout_ = isla::RecordLayout::make({
      {"WorldSeed", FieldType::I32},
      {"MapSize", FieldType::I32, "px"},
      {"CraterRadius", FieldType::F32, "px"},
      {"DensityMultiplier", FieldType::F32},
      {"ImpactCenterX", FieldType::F32, "px"},
      {"ImpactCenterY", FieldType::F32, "px"},
      {"GeneratedUtc", FieldType::Str},
      {"GeneratorGitHash", FieldType::Str},
  });
};

}  // namespace

ISLA_PLUGIN("1.0.0", "PRMS: the blueprint's generation params", [](isla::PluginRegistrar& registrar) {
  registrar.addSection(std::make_unique<ParamsCodec>());
});
