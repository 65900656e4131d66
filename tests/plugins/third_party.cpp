// SPDX-License-Identifier: MIT
// A well-behaved third-party plugin, built outside the shipped set: a new
// section XTRA (u32 count + that many u32 values), a validator and an
// exporter (and a codec that throws while decoding). It proves a new section ships without rebuilding the kernel.
#include <isla/plugin/plugin_api.hpp>
#include <isla/world/world.hpp>

#include <fstream>
#include <stdexcept>

namespace {

class ExtraCodec final : public isla::SectionCodec {
 public:
  isla::FourCC tag() const override { return isla::FourCC("XTRA"); }
  std::string name() const override { return "Extra values"; }
  std::string description() const override { return "a third party's section: u32 count, u32 values"; }

  isla::SectionContent decode(isla::ByteReader& payload, isla::DecodeContext&) const override {
    isla::Table table{layout_, {}};
    const std::uint32_t count = payload.count(4, "value");
    for (std::uint32_t i = 0; i < count; ++i) {
      table.rows.emplace_back(layout_, std::vector<isla::FieldValue>{payload.i32()});
    }
    return table;
  }
  void encode(const isla::SectionContent& content, isla::ByteWriter& out,
              const isla::EncodeContext&) const override {
    isla::writeTable(std::get<isla::Table>(content), out);
  }
  isla::SectionSummary summarize(const isla::SectionContent& content,
                                 const isla::SummaryContext&) const override {
    const auto& table = std::get<isla::Table>(content);
    isla::SectionSummary summary;
    summary.brief = std::to_string(table.rows.size()) + " values";
    summary.json["values"] = table.rows.size();
    return summary;
  }

 private:
  std::shared_ptr<const isla::RecordLayout> layout_ =
      isla::RecordLayout::make({{"value", isla::FieldType::I32}});
};

// Throws mid-parse, as a buggy plugin would.
class ThrowingCodec final : public isla::SectionCodec {
 public:
  isla::FourCC tag() const override { return isla::FourCC("BOOM"); }
  std::string name() const override { return "Throws"; }
  std::string description() const override { return "a codec whose decode throws"; }
  isla::SectionContent decode(isla::ByteReader&, isla::DecodeContext&) const override {
    throw std::runtime_error("internal table overflow");
  }
  void encode(const isla::SectionContent&, isla::ByteWriter&, const isla::EncodeContext&) const override {}
  isla::SectionSummary summarize(const isla::SectionContent&, const isla::SummaryContext&) const override {
    return {};
  }
};

class ExtraValidator final : public isla::Validator {
 public:
  std::string name() const override { return "extra"; }
  std::string description() const override { return "notes how many XTRA values a blueprint has"; }
  std::vector<isla::OptionSpec> options() const override {
    return {{.name = "extra-limit",
             .type = isla::OptionType::Integer,
             .help = "most XTRA values allowed",
             .defaultValue = "100",
             .min = 0,
             .max = 1000000}};
  }
  void check(const isla::Blueprint& blueprint, const isla::ValidationContext& context,
             isla::Diagnostics& out) const override {
    const auto* table = blueprint.get<isla::Table>(isla::FourCC("XTRA"));
    if (!table) return;
    // A value of -1 makes it throw, as a buggy validator would (validator.threw).
    for (const auto& row : table->rows) {
      if (row.number("value") == -1) throw std::runtime_error("a negative XTRA value");
    }
    const auto limit = static_cast<std::size_t>(context.options.integer("extra-limit"));
    if (table->rows.size() > limit) {
      isla::Diagnostic d;
      d.severity = isla::Severity::Warning;
      d.code = "extra.too-many";
      d.message = std::to_string(table->rows.size()) + " XTRA values exceed the limit of " +
                  std::to_string(limit);
      d.tag = isla::FourCC("XTRA");
      out.add(std::move(d));
    }
  }
};

class ListingExporter final : public isla::Exporter {
 public:
  std::string name() const override { return "listing"; }
  std::string description() const override { return "writes the section tags of each source"; }
  void write(const isla::ExportInput& input, const std::filesystem::path& stage,
             isla::Diagnostics&) const override {
    std::ofstream out(stage / "sections.txt");
    for (const auto& source : input.world.sources) {
      for (const auto& section : source.blueprint->sections) out << section.tag.text() << "\n";
    }
  }
};

}  // namespace

ISLA_PLUGIN("0.3.0", "a third party's section, validator and exporter", [](isla::PluginRegistrar& registrar) {
  registrar.addSection(std::make_unique<ExtraCodec>());
  registrar.addSection(std::make_unique<ThrowingCodec>());
  registrar.addValidator(std::make_unique<ExtraValidator>());
  registrar.addExporter(std::make_unique<ListingExporter>());
});
