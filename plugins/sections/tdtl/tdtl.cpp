// SPDX-License-Identifier: MIT
// TDTL: the terrain detail passes that shaped HGTS (metadata only). Its body
// is versioned, not extended: detailVersion 2 decodes; every other version,
// the retired v1 included (no published layout), is skipped and kept.
#include <isla/plugin/plugin_api.hpp>
#include <isla/container/record_summary.hpp>
#include <isla/container/versioned_record_codec.hpp>

namespace {

using isla::FieldType;

isla::VersionLayouts detailLayouts() {
  return {{2, isla::RecordLayout::make({
                  {"detailVersion", FieldType::U16},
                  {"reliefAmpM", FieldType::F32, "m"},
                  {"reliefFreqIslands", FieldType::F32, "per island width"},
                  {"reliefSeedOffset", FieldType::I32},
                  {"edgeAmpM", FieldType::F32, "m of input height"},
                  {"edgeFreqIslands", FieldType::F32, "per island width"},
                  {"edgeSeedOffset", FieldType::I32},
                  {"edgeMaxShiftM", FieldType::F32, "m"},
              })}};
}

class DetailCodec final : public isla::VersionedRecordCodec {
 public:
  DetailCodec()
      : VersionedRecordCodec("tdtl", "detailVersion", "detail metadata left null",
                             detailLayouts()) {}

  isla::FourCC tag() const override { return isla::FourCC("TDTL"); }
  std::string name() const override { return "Terrain detail"; }
  std::string description() const override {
    return "terrain detail pass parameters (metadata only): detailVersion 2 is 30 bytes of shelf "
           "micro-relief and shelf-edge variation; other versions are skipped";
  }

  isla::SectionSummary summarize(const isla::SectionContent& content,
                                 const isla::SummaryContext&) const override {
    const auto& record = std::get<isla::Record>(content);
    isla::SectionSummary summary;
    isla::summarizeFields(record, summary);
    summary.brief = "detailVersion " + isla::toText(record.get("detailVersion")) + ": relief ±" +
                    isla::toText(record.get("reliefAmpM")) + " m at " +
                    isla::toText(record.get("reliefFreqIslands")) + "/island, shelf edge ±" +
                    isla::toText(record.get("edgeAmpM")) + " m (max " +
                    isla::toText(record.get("edgeMaxShiftM")) + " m) at " +
                    isla::toText(record.get("edgeFreqIslands")) + "/island";
    return summary;
  }
};

}  // namespace

ISLA_PLUGIN("1.0.0", "TDTL: the terrain detail passes' parameters", [](isla::PluginRegistrar& registrar) {
  registrar.addSection(std::make_unique<DetailCodec>());
});
