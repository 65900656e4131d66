// SPDX-License-Identifier: MIT
// EROS: the droplet hydraulic-erosion pass that shaped HGTS (metadata only).
// erosionVersion 2 (62 B) and the superseded 1 (58 B, no depositCapM)
// decode; every other version is skipped and kept.
#include <isla/plugin/plugin_api.hpp>
#include <isla/container/record_summary.hpp>
#include <isla/container/versioned_record_codec.hpp>

#include <vector>

namespace {

using isla::FieldSpec;
using isla::FieldType;

std::vector<FieldSpec> v2Fields() {
  return {
      {"erosionVersion", FieldType::U16},
      {"dropletCount", FieldType::I32},
      {"lifetime", FieldType::I32, "steps"},
      {"brushRadius", FieldType::I32, "px"},
      {"seedOffset", FieldType::I32},
      {"carveCapM", FieldType::F32, "m"},
      {"depositCapM", FieldType::F32, "m"},
      {"seaMarginM", FieldType::F32, "m"},
      {"inertia", FieldType::F32},
      {"capacityFactor", FieldType::F32},
      {"minSlopeM", FieldType::F32, "m"},
      {"erodeRate", FieldType::F32},
      {"depositRate", FieldType::F32},
      {"evaporation", FieldType::F32},
      {"gravity", FieldType::F32},
      {"craterExclFactor", FieldType::F32, "x CraterRadius"},
  };
}

// v1 (superseded): the v2 fields in order, without depositCapM.
std::vector<FieldSpec> v1Fields() {
  auto fields = v2Fields();
  std::erase_if(fields, [](const FieldSpec& field) { return field.name == "depositCapM"; });
  return fields;
}

isla::VersionLayouts erosionLayouts() {
  return {{1, isla::RecordLayout::make(v1Fields())}, {2, isla::RecordLayout::make(v2Fields())}};
}

class ErosionCodec final : public isla::VersionedRecordCodec {
 public:
  ErosionCodec()
      : VersionedRecordCodec("eros", "erosionVersion", "erosion metadata left null",
                             erosionLayouts()) {}

  isla::FourCC tag() const override { return isla::FourCC("EROS"); }
  std::string name() const override { return "Erosion"; }
  std::string description() const override {
    return "droplet hydraulic-erosion parameters as applied (metadata only): erosionVersion 2 is "
           "62 bytes, 1 is 58 (no depositCapM); other versions are skipped";
  }

  isla::SectionSummary summarize(const isla::SectionContent& content,
                                 const isla::SummaryContext&) const override {
    const auto& record = std::get<isla::Record>(content);
    isla::SectionSummary summary;
    isla::summarizeFields(record, summary);
    // v1 had no cap: its deposition was unbounded by design.
    const bool unbounded = !record.has("depositCapM") || record.as<float>("depositCapM") <= 0.0f;
    summary.json["deposit_unbounded"] = unbounded;
    const std::string depositCap =
        unbounded ? "unbounded" : isla::toText(record.get("depositCapM")) + " m";
    summary.details.push_back(!record.has("depositCapM")
                                  ? "deposition: unbounded (erosionVersion 1 has no depositCapM)"
                              : unbounded ? "deposition: unbounded (depositCapM <= 0)"
                                          : "deposition: at most " + depositCap +
                                                " a cell (depositCapM; <= 0 = unbounded)");
    summary.brief = "erosionVersion " + isla::toText(record.get("erosionVersion")) + ": " +
                    isla::toText(record.get("dropletCount")) + " droplets x " +
                    isla::toText(record.get("lifetime")) + " steps, carve cap " +
                    isla::toText(record.get("carveCapM")) + " m, deposit cap " + depositCap;
    return summary;
  }
};

}  // namespace

ISLA_PLUGIN("1.0.0", "EROS: the hydraulic-erosion pass's parameters", [](isla::PluginRegistrar& registrar) {
  registrar.addSection(std::make_unique<ErosionCodec>());
});
