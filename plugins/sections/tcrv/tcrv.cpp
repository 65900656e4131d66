// SPDX-License-Identifier: MIT
// TCRV: the height-redistribution curve that shaped HGTS (metadata only).
// curveVersion 1..5 decode; every other version is skipped and kept.
#include <isla/json/json_text.hpp>
#include <isla/base/joined_text.hpp>
#include <isla/plugin/plugin_api.hpp>
#include <isla/container/record_summary.hpp>
#include <isla/container/versioned_record_codec.hpp>

namespace {

using isla::FieldSpec;
using isla::FieldType;

// The 50-byte base every version carries.
std::vector<FieldSpec> baseFields() {
  std::vector<FieldSpec> fields{{"curveVersion", FieldType::U16}};
  for (const char* name : {"knot1", "knot2", "knot3", "knot4", "spikeMax", "sea", "orangeCeil",
                           "redCeil", "benchLo", "benchHi", "peakCap", "tailSlope"}) {
    fields.push_back({name, FieldType::F32});
  }
  return fields;
}

// curveVersion >= 4: the 36-byte spatial-modulation extension.
std::vector<FieldSpec> withModulation(std::vector<FieldSpec> fields) {
  for (const char* name : {"benchAmp", "plateauAmp", "shelfSpanMin", "shelfSpanMax",
                           "elevFreqIslands", "strengthFreqIslands"}) {
    fields.push_back({name, FieldType::F32});
  }
  for (const char* name : {"benchSeedOffset", "plateauSeedOffset", "strengthSeedOffset"}) {
    fields.push_back({name, FieldType::I32});
  }
  return fields;
}

// curveVersion >= 5: the 9-byte preset extension.
std::vector<FieldSpec> withPreset(std::vector<FieldSpec> fields) {
  fields.push_back({"presetId", FieldType::U8});
  fields.push_back({"k5", FieldType::F32});
  fields.push_back({"k6", FieldType::F32});
  return fields;
}

isla::VersionLayouts curveLayouts() {
  const auto base = isla::RecordLayout::make(baseFields());
  const auto modulated = isla::RecordLayout::make(withModulation(baseFields()));
  const auto preset = isla::RecordLayout::make(withPreset(withModulation(baseFields())));
  return {{1, base}, {2, base}, {3, base}, {4, modulated}, {5, preset}};
}

// v3 and v4 curves have six knots but serialise four; the last two are
// constants of the version (BLUEPRINT_FORMAT.md, TCRV v3).
constexpr float kVersionK5 = 0.930304f;
constexpr float kVersionK6 = 1.050720f;

// What the fields mean in each version, one line (BLUEPRINT_FORMAT.md, TCRV).
std::string semantics(std::uint16_t version) {
  switch (version) {
    case 1:
      return "knots t1..t4; spikeMax = pooled calibration max; benchLo/benchHi = the 50 m "
             "plateau's lo/hi";
    case 2: return "as v1, but spikeMax = the seed's effective raw pre-curve maximum";
    case 3:
      return "knots K1..K4 of six; spikeMax per seed; benchLo/benchHi = the fixed 100 m / 220 m "
             "shelves";
    case 4:
      return "as v3, but benchLo/benchHi are the shelf base anchors, spatially modulated "
             "(extension record)";
    default: return "as v4, plus the preset and knots K5, K6 (preset extension)";  // 5
  }
}

std::string presetName(std::uint8_t presetId) {
  switch (presetId) {
    case 1: return "compact";
    case 2: return "balanced";
    default: return "#" + std::to_string(presetId);
  }
}

class CurveCodec final : public isla::VersionedRecordCodec {
 public:
  CurveCodec()
      : VersionedRecordCodec("tcrv", "curveVersion", "curve metadata left null", curveLayouts()) {}

  isla::FourCC tag() const override { return isla::FourCC("TCRV"); }
  std::string name() const override { return "Terrain curve"; }
  std::string description() const override {
    return "height-redistribution curve parameters (metadata only): curveVersion 1..5, a 50-byte "
           "base, a 36-byte modulation extension from v4, a 9-byte preset extension from v5";
  }

  isla::SectionSummary summarize(const isla::SectionContent& content,
                                 const isla::SummaryContext&) const override {
    const auto& record = std::get<isla::Record>(content);
    const std::uint16_t version = record.as<std::uint16_t>("curveVersion");
    isla::SectionSummary summary;
    isla::summarizeFields(record, summary);
    summary.details.push_back("meaning: " + semantics(version));

    std::vector<std::string> knotTexts;
    for (const char* knot : {"knot1", "knot2", "knot3", "knot4"}) knotTexts.push_back(isla::toText(record.get(knot)));
    std::string knots = isla::joinedText(knotTexts);
    std::string brief = "curveVersion " + std::to_string(version);
    if (record.has("presetId")) {
      const std::string preset = presetName(record.as<std::uint8_t>("presetId"));
      summary.json["preset"] = preset;
      brief += " (" + preset + " preset)";
      knots += ", " + isla::toText(record.get("k5")) + ", " + isla::toText(record.get("k6"));
    } else if (version >= 3) {
      summary.json["version_constants"] = {{"k5", isla::jsonFloat(kVersionK5)},
                                           {"k6", isla::jsonFloat(kVersionK6)}};
      summary.details.push_back(
          "K5 = " + isla::toText(kVersionK5) + ", K6 = " + isla::toText(kVersionK6) +
          ": constants of curveVersion " + std::to_string(version) + ", not serialised");
      knots +=
          " (K5 " + isla::toText(kVersionK5) + ", K6 " + isla::toText(kVersionK6) + " constants)";
    }
    summary.brief =
        brief + ": knots " + knots + "; spikeMax " + isla::toText(record.get("spikeMax"));
    return summary;
  }
};

}  // namespace

ISLA_PLUGIN("1.0.0", "TCRV: the terrain curve's parameters", [](isla::PluginRegistrar& registrar) {
  registrar.addSection(std::make_unique<CurveCodec>());
});
